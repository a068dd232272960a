import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import type { NextAction } from './next-action.ts';

type AnswerHeaderProps = {
  category: string;
  back: { to: string; label: string };
  /** Editing at the answer's own address: Save instead of Next. */
  onSave?: () => void;
  next: NextAction;
  onNext: () => void;
  /** Describes a Done that still needs text ("Write something to finish."). */
  hintId: string;
};

/** The answer screen's header: back, the category, and Save or Next/Done. */
export function AnswerHeader({ category, back, onSave, next, onNext, hintId }: AnswerHeaderProps) {
  const needsText = next.kind === 'needs-text';
  return (
    <AppHeader
      title={category}
      titleIsHeading={false}
      start={<BackLink to={back.to} label={back.label} />}
      end={
        onSave ? (
          <button type="button" className="button next-button" onClick={onSave}>
            Save
          </button>
        ) : (
          <button
            type="button"
            className="button next-button"
            aria-disabled={needsText ? 'true' : undefined}
            aria-describedby={needsText ? hintId : undefined}
            onClick={onNext}
          >
            {next.label}
          </button>
        )
      }
    />
  );
}
