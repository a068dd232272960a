import { Link } from 'react-router';
import { useTitle } from '../../use-title.ts';
import {
  CONTACT_EMAIL,
  JOBS_EMAIL,
  mailtoHref,
  RATING_MAILTO,
  SOCIAL_LINKS,
} from './public-links.ts';
import { buildShareLinks } from './share-links.ts';
import { useHashScroll } from './use-hash-scroll.ts';
import './about-screen.css';

const SECTIONS = [
  ['what', 'What'],
  ['why', 'Why'],
  ['how', 'How'],
  ['where', 'Where'],
  ['team', 'Team'],
  ['contact', 'Contact'],
  ['rate', 'Rate'],
  ['jobs', 'Jobs'],
  ['follow', 'Follow'],
  ['share', 'Share'],
] as const;

export function AboutScreen() {
  useTitle('About');
  useHashScroll();
  const shareLinks = buildShareLinks(window.location.origin);

  return (
    <div className="about">
      <header className="about-header">
        <Link to="/" className="about-back">
          <span aria-hidden="true">←</span> Back to Müse
        </Link>
      </header>

      <main className="about-main">
        <div className="about-intro">
          <p className="about-eyebrow">About</p>
          <h1 className="about-title">Müse is a daily reflection journal</h1>
          <p className="about-lead">
            One thoughtful question a day, a quiet place to answer it, and a gentle record of how
            your thinking changes over time.
          </p>
          <nav aria-label="On this page" className="about-toc">
            <ul>
              {SECTIONS.map(([id, label]) => (
                <li key={id}>
                  <a href={`#${id}`}>{label}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>

        <section id="what" className="about-section" aria-labelledby="about-what">
          <h2 id="about-what">What Müse is</h2>
          <p>
            Müse asks you one reflective question each day — about gratitude, growth, work, the
            people around you, or simply today — and gives you a calm page to answer it. You can
            also pick a prompt from a category, write your own prompts, or keep a free-form journal
            entry for the day. Everything you write is private unless you decide to share it.
          </p>
        </section>

        <section id="why" className="about-section" aria-labelledby="about-why">
          <h2 id="about-why">Why we made it</h2>
          <p>
            A few minutes of honest reflection can change a day. Writing slows thoughts down, helps
            you notice what went well, and shows you patterns you'd otherwise miss. But a blank page
            is hard, and big journaling routines rarely last. Müse keeps it small: one good
            question, a few sentences, every day. Over weeks those sentences add up to a record of
            who you're becoming.
          </p>
        </section>

        <section id="how" className="about-section" aria-labelledby="about-how">
          <h2 id="about-how">How it works</h2>
          <ul className="about-list">
            <li>
              <strong>A daily prompt.</strong> Each calendar day has one prompt for you. Answer it
              from the Daily tile or the 'Start musing' button.
            </li>
            <li>
              <strong>Categories.</strong> Gratitude, Growth, Life, Quotes, Self, Today and Work —
              or All for a random prompt you haven't seen yet.
            </li>
            <li>
              <strong>Journal.</strong> A free page titled with today's date, for whatever is on
              your mind.
            </li>
            <li>
              <strong>Streak and word score.</strong> Answer on consecutive days to grow your
              streak; we remember your longest one too. Your score counts your words: every three
              words you write add one point (score = words ÷ 3).
            </li>
            <li>
              <strong>Sharing.</strong> Answers are private by default. You can share any answer
              with the world feed, under your name or anonymously — anonymous answers never show who
              wrote them. You can unshare at any time.
            </li>
            <li>
              <strong>Love and flags.</strong> Send love to answers that move you. If something in
              the world feed breaks our community rules, flag it and an admin will review it.
            </li>
            <li>
              <strong>Your own prompts.</strong> Suggest a question; once an admin approves it,
              everyone can answer it.
            </li>
            <li>
              <strong>Your words, always.</strong> Search and edit your past answers, download them
              as a text file, or export everything.
            </li>
          </ul>
        </section>

        <section id="where" className="about-section" aria-labelledby="about-where">
          <h2 id="about-where">Where to use it</h2>
          <p>
            Müse runs in any modern browser, on your phone, tablet or computer. On a phone you can
            install it: in Safari on iPhone, tap Share and then <em>Add to Home Screen</em>; in
            Chrome on Android, open the menu and tap <em>Install app</em>. It then opens full-screen
            with its own icon — that's our iOS and Android app. You don't need an account to start;
            create one when you want your journal on more than one device.{' '}
            <Link to="/home#app">Step-by-step install help</Link>.
          </p>
        </section>

        <section id="team" className="about-section" aria-labelledby="about-team">
          <h2 id="about-team">The team</h2>
          <p>Müse is made by a small founding team who journal every day themselves:</p>
          <ul className="about-team">
            <li>
              <strong>Product &amp; engineering</strong>
              <span>Builds the app and the server, and keeps your data safe and private.</span>
            </li>
            <li>
              <strong>Design &amp; writing</strong>
              <span>Shapes the calm look of Müse and writes and curates the prompt library.</span>
            </li>
            <li>
              <strong>Community</strong>
              <span>Reads your feedback, reviews submitted prompts and flagged answers.</span>
            </li>
          </ul>
        </section>

        <section id="contact" className="about-section" aria-labelledby="about-contact">
          <h2 id="about-contact">Contact</h2>
          <p>
            Questions, ideas or something not working? Write to us at{' '}
            <a href={mailtoHref(CONTACT_EMAIL)}>{CONTACT_EMAIL}</a>. A person reads every message.
          </p>
        </section>

        <section id="rate" className="about-section" aria-labelledby="about-rate">
          <h2 id="about-rate">Rate Müse</h2>
          <p>
            Müse lives on the web rather than in an app store, so there are no store stars to tap.
            Instead, send us your rating from 1 to 5 and a line about why — the button opens an
            e-mail with a short template. Every rating helps us decide what to build next.
          </p>
          <a className="about-button" href={RATING_MAILTO}>
            Rate Müse by e-mail
          </a>
        </section>

        <section id="jobs" className="about-section" aria-labelledby="about-jobs">
          <h2 id="about-jobs">Jobs</h2>
          <p>
            We're a small team and grow slowly. If you care about calm, private, well-made software
            — engineering, design, writing prompts or looking after a kind community — we'd love to
            hear from you, even when no role is listed. Tell us a little about yourself at{' '}
            <a href={mailtoHref(JOBS_EMAIL, { subject: 'Working at Müse' })}>{JOBS_EMAIL}</a>.
          </p>
        </section>

        <section id="follow" className="about-section" aria-labelledby="about-follow">
          <h2 id="about-follow">Follow us</h2>
          <ul className="about-chips">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.name}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.name}
                  <span className="about-visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section id="share" className="about-section" aria-labelledby="about-share">
          <h2 id="about-share">Share Müse</h2>
          <p>Know someone who would enjoy a quiet daily question? Pass Müse on:</p>
          <ul className="about-chips" aria-label="Share Müse">
            {shareLinks.map((link) => (
              <li key={link.name}>
                {link.href.startsWith('mailto:') ? (
                  <a href={link.href} rel="noopener noreferrer">
                    {link.name}
                  </a>
                ) : (
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.name}
                    <span className="about-visually-hidden"> (opens in a new tab)</span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="about-footer">
        <Link to="/">Open Müse</Link>
        <Link to="/home">Home</Link>
        <Link to="/privacy">Privacy</Link>
        <Link to="/terms">Terms</Link>
      </footer>
    </div>
  );
}
