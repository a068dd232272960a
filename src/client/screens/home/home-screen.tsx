import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { OutsideLink } from '#client/components/outside-link.tsx';
import { useHashScroll } from '#client/components/use-hash-scroll.ts';
import { useTitle } from '#client/use-title.ts';
import { CONTACT_EMAIL, JOBS_EMAIL, mailtoHref, SOCIAL_LINKS } from '../about/public-links.ts';
import { loadSharedPreviews, loadTodayPromptTitle } from './home-api.ts';
import type { SharedPreview } from './home-data.ts';
import { HomeInstall } from './home-install.tsx';
import './home-screen.css';

// Shared answers' Markdown, off the home page's first load (its budget, scripts/client-budget.ts):
// the words show as typed until it is in.
const loadMarkdown = () => import('#client/components/markdown/markdown.tsx');
const Markdown = lazy(async () => ({ default: (await loadMarkdown()).Markdown }));

type Loaded<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed' };

/** Runs `load` once on mount; a failure only ever means "show the fallback". */
function useLoaded<T>(load: () => Promise<T | null>, what: string): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    load()
      .then((value) => {
        if (current) setLoaded(value === null ? { state: 'failed' } : { state: 'ready', value });
      })
      .catch((error: unknown) => {
        // The API may be unreachable or not built yet: the page shows its fallback instead.
        console.warn(`Home: could not load ${what}`, error);
        if (current) setLoaded({ state: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [load, what]);
  return loaded;
}

export function HomeScreen() {
  useTitle('Welcome');
  useHashScroll();
  const todayPrompt = useLoaded(loadTodayPromptTitle, "today's prompt");
  const shared = useLoaded(loadSharedPreviews, 'shared answers');

  return (
    <div className="home">
      <header className="home-header">
        <Link to="/" className="home-brand" aria-label="Müse — open my journal">
          Müse
        </Link>
        <nav aria-label="Main" className="home-nav">
          <Link to="/about">About</Link>
          <Link to="/">Open my journal</Link>
        </nav>
      </header>

      <main className="home-main">
        <section className="home-hero" aria-labelledby="home-title">
          <p className="home-eyebrow">A daily reflection journal</p>
          <h1 id="home-title" className="home-title">
            One good question a day.
          </h1>
          <p className="home-lead">
            Müse gives you a thoughtful prompt each day. Write a few lines, keep your streak, and
            look back on how you've grown. Your answers stay private unless you choose to share.
          </p>
          <p className="home-cta">
            <Link className="home-button" to="/answer/today">
              Start musing
            </Link>
            <span className="home-note">Free · no account needed to begin</span>
          </p>
        </section>

        <section className="home-section" aria-labelledby="home-today-title">
          <h2 id="home-today-title" className="home-heading">
            Today's prompt
          </h2>
          <div className="home-today" aria-busy={todayPrompt.state === 'loading'}>
            {todayPrompt.state === 'ready' ? (
              <p className="home-today-prompt">{todayPrompt.value}</p>
            ) : todayPrompt.state === 'loading' ? (
              <p className="home-today-waiting">Finding today's prompt…</p>
            ) : (
              <p className="home-today-waiting">
                A fresh question is waiting for you today. Open it and see where it takes you.
              </p>
            )}
            <Link className="home-text-link" to="/answer/today">
              Answer today's prompt <span aria-hidden="true">→</span>
            </Link>
          </div>
        </section>

        <section className="home-section" aria-labelledby="home-world-title">
          <h2 id="home-world-title" className="home-heading">
            The world is musing...
          </h2>
          <p className="home-text">
            Some people share an answer with everyone, by name or anonymously. A few of the latest:
          </p>
          <SharedAnswers shared={shared} />
          <Link className="home-text-link" to="/world">
            Visit the world <span aria-hidden="true">→</span>
          </Link>
        </section>

        <section className="home-section" aria-labelledby="home-how-title">
          <h2 id="home-how-title" className="home-heading">
            How it works
          </h2>
          <ol className="home-how">
            <li>
              <strong>Answer a prompt.</strong> Today's question, one from a category like Gratitude
              or Growth, or a free journal entry.
            </li>
            <li>
              <strong>Keep your streak.</strong> Muse a little each day and watch your streak and
              word score grow.
            </li>
            <li>
              <strong>Share if you like.</strong> Answers are private by default. Share one with the
              world, under your name or anonymously.
            </li>
          </ol>
          <Link className="home-text-link" to="/about">
            More about Müse <span aria-hidden="true">→</span>
          </Link>
        </section>

        <HomeInstall />

        <section className="home-section home-closing" aria-labelledby="home-closing-title">
          <h2 id="home-closing-title" className="home-heading">
            Ready when you are
          </h2>
          <p className="home-text">Five quiet minutes is all it takes.</p>
          <Link className="home-button" to="/answer/today">
            Start musing
          </Link>
        </section>
      </main>

      <footer className="home-footer">
        <div className="home-footer-grid">
          <section aria-labelledby="home-follow-title">
            <h2 id="home-follow-title" className="home-footer-heading">
              Follow Müse
            </h2>
            <ul className="home-footer-list">
              {SOCIAL_LINKS.map((link) => (
                <li key={link.name}>
                  <OutsideLink href={link.href}>{link.name}</OutsideLink>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="home-contact-title">
            <h2 id="home-contact-title" className="home-footer-heading">
              Contact
            </h2>
            <ul className="home-footer-list">
              <li>
                <a href={mailtoHref(CONTACT_EMAIL)}>{CONTACT_EMAIL}</a>
              </li>
              <li>
                <Link to="/about">About Müse</Link>
              </li>
            </ul>
          </section>
          <section aria-labelledby="home-jobs-title">
            <h2 id="home-jobs-title" className="home-footer-heading">
              Jobs
            </h2>
            <ul className="home-footer-list">
              <li>
                <Link to="/about#jobs">Work with us</Link>
              </li>
              <li>
                <a href={mailtoHref(JOBS_EMAIL)}>{JOBS_EMAIL}</a>
              </li>
            </ul>
          </section>
        </div>
        <p className="home-legal">
          <Link to="/privacy">Privacy</Link>
          <span aria-hidden="true"> · </span>
          <Link to="/terms">Terms</Link>
          <span aria-hidden="true"> · </span>
          <span>© 2026 Müse</span>
        </p>
      </footer>
    </div>
  );
}

function SharedAnswers({ shared }: { shared: Loaded<SharedPreview[]> }) {
  // Fetched beside the answers, so that it is in by the time they are.
  useEffect(() => {
    void loadMarkdown().then((module) => module.preloadMarkdown());
  }, []);
  if (shared.state === 'loading') {
    return (
      <p className="home-world-empty" aria-busy="true">
        Loading...
      </p>
    );
  }
  if (shared.state === 'failed') {
    return (
      <p className="home-world-empty">
        The world's answers can't be shown just now. They'll be back soon.
      </p>
    );
  }
  if (shared.value.length === 0) {
    return (
      <p className="home-world-empty">
        No one has shared an answer yet. Write yours today — and if you like, be the first to share.
      </p>
    );
  }
  return (
    <ul className="home-world-list" aria-label="Shared answers">
      {shared.value.map((answer) => (
        <li key={answer.id} className="home-world-card">
          <h3 className="home-world-prompt">
            {/* The whole card is clickable through this link's ::after; the name stays short. */}
            <Link to="/world" state={{ worldAnswerId: answer.id }} className="home-world-link">
              {answer.promptTitle || 'A shared answer'}
            </Link>
          </h3>
          <Suspense fallback={<p className="home-world-text">{answer.text}</p>}>
            <Markdown className="home-world-text" text={answer.text} headingBase={4} />
          </Suspense>
          <p className="home-world-author">— {answer.author}</p>
        </li>
      ))}
    </ul>
  );
}
