// A Vitest reporter beside `default` (scripts/test.ts): how far the run is, as counts, at most
// every few seconds and once at the end, e.g.
//   vitest: 23/87 files · 312 passed · 0 failed · 4 skipped · 41 s
// In a terminal the default reporter's live summary shows this already; the lines are for
// logs (CI, a pipe), where it prints each file only as it ends and no total.
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';

const EVERY_MS = Number(process.env.VITEST_PROGRESS_EVERY_MS ?? 5_000);

export default class ProgressReporter implements Reporter {
  private files = 0;
  private filesDone = 0;
  private passed = 0;
  private failed = 0;
  private skipped = 0;
  private start = Date.now();
  private last = 0;
  private readonly quiet = Boolean(process.stdout.isTTY) && !process.env.VITEST_PROGRESS;

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.files = specifications.length;
    this.start = Date.now();
    this.last = this.start;
  }

  onTestCaseResult(testCase: TestCase): void {
    const { state } = testCase.result();
    if (state === 'passed') this.passed += 1;
    else if (state === 'failed') this.failed += 1;
    else if (state === 'skipped') this.skipped += 1;
  }

  onTestModuleEnd(_module: TestModule): void {
    this.filesDone += 1;
    // The last file's line is the run's end.
    if (this.filesDone < this.files && Date.now() - this.last >= EVERY_MS) this.print();
  }

  onTestRunEnd(): void {
    this.print();
  }

  private line(): string {
    const seconds = Math.round((Date.now() - this.start) / 1000);
    return (
      `vitest: ${this.filesDone}/${this.files} files · ${this.passed} passed · ` +
      `${this.failed} failed · ${this.skipped} skipped · ${seconds} s`
    );
  }

  private print(): void {
    this.last = Date.now();
    if (!this.quiet) process.stdout.write(`${this.line()}\n`);
  }
}
