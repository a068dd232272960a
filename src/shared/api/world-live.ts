import { z } from 'zod';
import { feedAnswerSchema } from './world.ts';

// GET /api/world/live: a Server-Sent Events stream of changes to the world feed, as a stranger
// sees them (an anonymous share names no one). Event names and their JSON `data`, each checked
// against its schema once as it is written, like every other response (decision 025):

export const liveEventSchemas = {
  /** Newly shared (or shared again): it belongs at the top of the feed. */
  answer: z.object({ answer: feedAnswerSchema }),
  /** The author updated the world's copy (decision 015): same place in the feed, new words. */
  changed: z.object({ answer: feedAnswerSchema }),
  /** The answer's love count changed. */
  loves: z.object({ _id: z.string(), likes: z.number() }),
  /** Unshared by its author or taken out by an admin. */
  removed: z.object({ _id: z.string() }),
  /**
   * The server could not replay what was missed since Last-Event-ID (too long ago, or another
   * instance's history): reload the first page.
   */
  reset: z.object({}),
};

// Named for /api/openapi.json, which describes the stream's events by these names.
z.globalRegistry.add(liveEventSchemas.answer, { id: 'WorldLiveAnswer' });
z.globalRegistry.add(liveEventSchemas.changed, { id: 'WorldLiveChanged' });
z.globalRegistry.add(liveEventSchemas.loves, { id: 'WorldLiveLoves' });
z.globalRegistry.add(liveEventSchemas.removed, { id: 'WorldLiveRemoved' });
z.globalRegistry.add(liveEventSchemas.reset, { id: 'WorldLiveReset' });

export type LiveEventName = keyof typeof liveEventSchemas;
export type LiveEvent<N extends LiveEventName> = z.output<(typeof liveEventSchemas)[N]>;
