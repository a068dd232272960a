import { Link } from 'react-router';
import { OutsideLink } from '#client/components/outside-link.tsx';
import { PublicPage, PublicSection } from '#client/components/public-page.tsx';
import { useTitle } from '#client/use-title.ts';
import {
  CONTACT_EMAIL,
  JOBS_EMAIL,
  mailtoHref,
  RATING_MAILTO,
  SOCIAL_LINKS,
} from './public-links.ts';
import { buildShareLinks } from './share-links.ts';
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

const FOOTER = [
  ['/', 'Open Müse'],
  ['/home', 'Home'],
  ['/privacy', 'Privacy'],
  ['/terms', 'Terms'],
] as const;

export function AboutScreen() {
  useTitle('About');
  const shareLinks = buildShareLinks(window.location.origin);

  return (
    <PublicPage
      modifier="about"
      contents={SECTIONS}
      footer={FOOTER}
      intro={
        <>
          <p className="about-eyebrow">About</p>
          <h1 className="public-page-title about-title">Müse is a daily reflection journal</h1>
          <p className="about-lead">
            One thoughtful question a day, a quiet place to answer it, and a gentle record of how
            your thinking changes over time.
          </p>
        </>
      }
    >
      <PublicSection id="what" title="What Müse is">
        <p>
          Müse asks you one reflective question each day — about gratitude, growth, work, the people
          around you, or simply today — and gives you a calm page to answer it. You can also pick a
          prompt from a category, write your own prompts, or keep a free-form journal entry for the
          day. Everything you write is private unless you decide to share it.
        </p>
      </PublicSection>

      <PublicSection id="why" title="Why we made it">
        <p>
          A few minutes of honest reflection can change a day. Writing slows thoughts down, helps
          you notice what went well, and shows you patterns you'd otherwise miss. But a blank page
          is hard, and big journaling routines rarely last. Müse keeps it small: one good question,
          a few sentences, every day. Over weeks those sentences add up to a record of who you're
          becoming.
        </p>
      </PublicSection>

      <PublicSection id="how" title="How it works">
        <ul className="about-list">
          <li>
            <strong>A daily prompt.</strong> Each calendar day has one prompt for you. Answer it
            from the Daily tile or the 'Start musing' button.
          </li>
          <li>
            <strong>Categories.</strong> Gratitude, Growth, Life, Quotes, Self, Today and Work — or
            All for a random prompt you haven't seen yet.
          </li>
          <li>
            <strong>Journal.</strong> A free page titled with today's date, for whatever is on your
            mind.
          </li>
          <li>
            <strong>Streak and word score.</strong> Answer on consecutive days to grow your streak;
            we remember your longest one too. Your score counts your words: every three words you
            write add one point (score = words ÷ 3).
          </li>
          <li>
            <strong>Sharing.</strong> Answers are private by default. You can share any answer with
            the world feed, under your name or anonymously — anonymous answers never show who wrote
            them. You can unshare at any time.
          </li>
          <li>
            <strong>Love and flags.</strong> Send love to answers that move you. If something in the
            world feed breaks our community rules, flag it and an admin will review it.
          </li>
          <li>
            <strong>Your own prompts.</strong> Suggest a question; once an admin approves it,
            everyone can answer it.
          </li>
          <li>
            <strong>Your words, always.</strong> Search and edit your past answers, download them as
            a text file, or export everything.
          </li>
        </ul>
      </PublicSection>

      <PublicSection id="where" title="Where to use it">
        <p>
          Müse runs in any modern browser, on your phone, tablet or computer. On a phone you can
          install it: in Safari on iPhone, tap Share and then <em>Add to Home Screen</em>; in Chrome
          on Android, open the menu and tap <em>Install app</em>. It then opens full-screen with its
          own icon — that's our iOS and Android app. You don't need an account to start; create one
          when you want your journal on more than one device.{' '}
          <Link to="/home#app">Step-by-step install help</Link>.
        </p>
      </PublicSection>

      <PublicSection id="team" title="The team">
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
      </PublicSection>

      <PublicSection id="contact" title="Contact">
        <p>
          Questions, ideas or something not working? Write to us at{' '}
          <a href={mailtoHref(CONTACT_EMAIL)}>{CONTACT_EMAIL}</a>. A person reads every message.
        </p>
      </PublicSection>

      <PublicSection id="rate" title="Rate Müse">
        <p>
          Müse lives on the web rather than in an app store, so there are no store stars to tap.
          Instead, send us your rating from 1 to 5 and a line about why — the button opens an e-mail
          with a short template. Every rating helps us decide what to build next.
        </p>
        <a className="about-button" href={RATING_MAILTO}>
          Rate Müse by e-mail
        </a>
      </PublicSection>

      <PublicSection id="jobs" title="Jobs">
        <p>
          We're a small team and grow slowly. If you care about calm, private, well-made software —
          engineering, design, writing prompts or looking after a kind community — we'd love to hear
          from you, even when no role is listed. Tell us a little about yourself at{' '}
          <a href={mailtoHref(JOBS_EMAIL, { subject: 'Working at Müse' })}>{JOBS_EMAIL}</a>.
        </p>
      </PublicSection>

      <PublicSection id="follow" title="Follow us">
        <LinkChips links={SOCIAL_LINKS} />
      </PublicSection>

      <PublicSection id="share" title="Share Müse">
        <p>Know someone who would enjoy a quiet daily question? Pass Müse on:</p>
        <LinkChips links={shareLinks} label="Share Müse" />
      </PublicSection>
    </PublicPage>
  );
}

/** Links that leave Müse, as a row of chips. */
function LinkChips({
  links,
  label,
}: {
  links: readonly { name: string; href: string }[];
  label?: string;
}) {
  return (
    <ul className="public-page-chips about-chips" aria-label={label}>
      {links.map((link) => (
        <li key={link.name}>
          <OutsideLink href={link.href}>{link.name}</OutsideLink>
        </li>
      ))}
    </ul>
  );
}
