import fs from 'node:fs';

// Test only: imported (node --import) into a server that tests/browser/support/server.ts starts
// with `movableClock`, never by the app itself. The server's clock runs `offset` ms from the
// machine's, the offset read from MUSE_TEST_CLOCK_FILE whenever a test rewrites it; once read,
// it is written back to `<file>.applied`, so the test knows the server lives in its new time.
// Only Date moves (what every service reads, decision 057's hour included); timers do not.

const file = process.env.MUSE_TEST_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  let offset = 0;
  const read = () => {
    let text = '0';
    try {
      text = fs.readFileSync(file, 'utf8').trim();
    } catch {
      // no file yet: the machine's clock
    }
    offset = Number(text) || 0;
    fs.writeFileSync(`${file}.applied`, text);
  };
  read();
  fs.watchFile(file, { interval: 50 }, read).unref();

  class MovedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string | number | Date]));
    }
    static now(): number {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = MovedDate as DateConstructor;
}
