import { Link } from 'react-router';
import { PolicyIntro, PublicPage, PublicSection } from '#client/components/public-page.tsx';
import { useTitle } from '#client/use-title.ts';
import { CONTACT_EMAIL, mailtoHref } from '../about/public-links.ts';

const SECTIONS = [
  ['what-we-store', 'What we store'],
  ['no-account', 'Without an account'],
  ['sign-up', 'When you sign up'],
  ['sharing', 'Sharing'],
  ['who-sees', 'Who sees what'],
  ['picture-passcode', 'Picture & passcode'],
  ['cookies', 'Cookies & storage'],
  ['we-dont', "What we don't do"],
  ['your-choices', 'Export & deletion'],
  ['retention', 'How long we keep it'],
  ['contact', 'Contact'],
] as const;

const UPDATED = ['2026-11-22', 'November 22, 2026'] as const;

const FOOTER = [
  ['/', 'Open Müse'],
  ['/about', 'About'],
  ['/terms', 'Terms'],
] as const;

export function PrivacyScreen() {
  useTitle('Privacy');
  const contact = <a href={mailtoHref(CONTACT_EMAIL)}>{CONTACT_EMAIL}</a>;

  return (
    <PublicPage
      modifier="privacy"
      contents={SECTIONS}
      footer={FOOTER}
      intro={
        <PolicyIntro
          title="Privacy policy"
          updated={UPDATED}
          lead={
            <>
              Müse is a journal, and journals are personal. This page explains in plain language
              what we store, why, who can see it, and what you can do about it.
            </>
          }
          summary={
            <>
              <li>Your answers are private by default. Only you see them unless you share one.</li>
              <li>
                We keep your journal on our server so it is safe and in sync. We never sell it.
              </li>
              <li>One session cookie. No ads, no tracking cookies, no third-party analytics.</li>
              <li>Download your answers, export everything, or delete your account at any time.</li>
            </>
          }
        />
      }
    >
      <PublicSection id="what-we-store" title="What we store, and why">
        <ul>
          <li>
            <strong>Your answers</strong>: the text, the prompt it answers, when you wrote and last
            changed it, its word score, and whether you shared it. They are stored in our database
            (SQLite or PostgreSQL, depending on how the server is run) on the server that runs Müse,
            tied to your account, so that your journal is there on every device you use.
          </li>
          <li>
            <strong>Your progress</strong>: your streak, longest streak, score, the day you started,
            and the categories you chose.
          </li>
          <li>
            <strong>Prompts you submit</strong>: the question, its categories, you as its author,
            and whether it was approved.
          </li>
          <li>
            <strong>Loves and flags</strong>: which shared answers you loved or flagged, so you can
            take them back.
          </li>
        </ul>
        <p>We use all of this only to run Müse for you. We don't read your private answers.</p>
      </PublicSection>

      <PublicSection id="no-account" title="Using Müse without an account">
        <p>
          You can start without signing up. The first time you open Müse we create an anonymous
          account with a random id — no name, no e-mail — and your browser receives a session cookie
          so our server knows which answers are yours.
        </p>
        <p>
          Your browser also keeps a local copy of your data (your answers, prompts, streak and
          settings) in its localStorage under the key <code>reflect-state</code>, so Müse opens
          quickly and keeps working when you're offline. Anything you write offline waits there and
          is sent to our server when you're back online. Clearing your browser's site data removes
          this copy; if you never signed up, it also removes your only way back to that anonymous
          journal.
        </p>
      </PublicSection>

      <PublicSection id="sign-up" title="When you sign up">
        <ul>
          <li>
            <strong>Name</strong>: how you sign in, and what others see if you share an answer under
            your name.
          </li>
          <li>
            <strong>E-mail address</strong>: to sign in and to tell accounts apart. We don't send
            newsletters or marketing. Other people never see it; admins can, to manage accounts.
          </li>
          <li>
            <strong>Password</strong>: never stored as such. We keep only a salted argon2id hash of
            it, which cannot be turned back into your password.
          </li>
        </ul>
        <p>
          What you wrote before signing up, or before logging in on this device, moves into your
          account so nothing is lost.
        </p>
      </PublicSection>

      <PublicSection id="sharing" title="Sharing with the world">
        <p>
          Sharing an answer makes its text public: anyone who opens the world feed can read it, with
          the prompt, the date you shared it and how much love it has received. You choose how it
          appears:
        </p>
        <ul>
          <li>
            <strong>Under your name</strong>: your name and profile picture are shown with it, and
            people can open your public profile, which shows your name, picture, start date, streak,
            score and the answers you shared under your name.
          </li>
          <li>
            <strong>Anonymously</strong>: the answer never shows your name, your id or your picture,
            and it is not linked to your profile.
          </li>
        </ul>
        <p>
          You can unshare an answer at any time, and it leaves the feed at once — but people may
          have read it while it was public, so share only what you're comfortable sharing.
        </p>
        <p>
          <strong>Love</strong> adds one to an answer's count; others see the count, not who gave
          it. A <strong>flag</strong> asks an admin to review an answer; the author is not told who
          flagged it.
        </p>
      </PublicSection>

      <PublicSection id="who-sees" title="Who can see what">
        <ul>
          <li>
            <strong>You</strong> see everything in your own journal.
          </li>
          <li>
            <strong>Everyone</strong> sees only what you shared, as described above.
          </li>
          <li>
            <strong>Admins</strong> approve submitted prompts, review flagged answers and manage
            accounts. For that they can see account details (name, e-mail address, start date,
            streak, score, and how many answers you wrote and shared) and, for each answer, its
            prompt, date and score. They never see the text of your private answers.
          </li>
        </ul>
      </PublicSection>

      <PublicSection id="picture-passcode" title="Profile picture and passcode">
        <p>
          A <strong>profile picture</strong> is optional. When you upload one we resize it and strip
          its metadata — such as the location where it was taken and camera details — before we
          store it on our server or in a cloud storage bucket we control. It is shown on your
          profile and next to answers you share under your name.
        </p>
        <p>
          The optional <strong>4-digit passcode</strong> is a lock on this device, so someone who
          picks up your phone can't read your journal at a glance. It is not encryption: your
          answers are not encrypted with it, and it does not protect data held on our server or in
          your browser's storage. It is stored with your account and sent only to you.
        </p>
      </PublicSection>

      <PublicSection id="cookies" title="Cookies and local storage">
        <p>
          Müse sets exactly one cookie: a <strong>session cookie</strong> that keeps you signed in
          (or connected to your anonymous account). It holds a random token and nothing else, is
          HttpOnly (scripts on the page can't read it), is sent only to Müse, and lasts up to 180
          days or until you log out. We use no advertising or tracking cookies and no third-party
          cookies, which is why you won't see a cookie banner here.
        </p>
        <p>
          Besides the cookie, your browser keeps the <code>reflect-state</code> copy described
          above. It never leaves your device except to sync with our server.
        </p>
      </PublicSection>

      <PublicSection id="we-dont" title="What we don't do">
        <ul>
          <li>
            No third-party analytics. Some journaling apps send your id, name and e-mail to a
            product-analytics company; Müse does not use one.
          </li>
          <li>No advertising, and no selling, renting or trading of your data.</li>
          <li>We don't use your writing to train AI models.</li>
          <li>
            Müse loads its scripts and fonts only from its own server. Share and social links
            contact Twitter/X, LinkedIn, Facebook or Instagram only if you click them, and then
            those services' own privacy policies apply.
          </li>
        </ul>
        <p>
          Like any website, our server keeps short-lived technical logs (such as IP address, time
          and the address requested) to keep Müse running and to block abuse like password guessing.
          We don't use them to track you.
        </p>
      </PublicSection>

      <PublicSection id="your-choices" title="Export and deletion">
        <ul>
          <li>
            <strong>Download your answers</strong> as a text file with the date, prompt and text of
            each answer.
          </li>
          <li>
            <strong>Export everything</strong> we hold about your account as a JSON file from your
            profile.
          </li>
          <li>Edit or delete any answer, unshare shared ones, and change your name or e-mail.</li>
          <li>
            <strong>Delete your account</strong> from your profile. We ask for your password again,
            then erase your account and everything tied to it: your answers (shared ones too), the
            prompts you submitted, your loves and flags, and your sessions. This can't be undone, so
            export first if you'd like a copy.
          </li>
        </ul>
        <p>
          Depending on where you live, you may have further rights — to access, correct or move your
          data, or to complain to a data-protection authority. Write to us and we'll help.
        </p>
      </PublicSection>

      <PublicSection id="retention" title="How long we keep it">
        <p>
          We keep your journal for as long as your account exists. An answer you delete is removed
          from our database at once, and deleting your account erases everything listed above at
          once. Sessions end after 180 days or when you log out. Server logs are kept only for a
          short time. Where the server operator keeps backups, deleted data disappears from them as
          they are replaced.
        </p>
        <p>
          Müse is not meant for children under 13 (or the minimum age for online services where you
          live).
        </p>
      </PublicSection>

      <PublicSection id="contact" title="Changes and contact">
        <p>
          If we change this policy we'll update the date at the top, and tell you in the app before
          any important change applies to you. Questions or requests about your data? Write to{' '}
          {contact}. See also our <Link to="/terms">terms of use</Link>.
        </p>
      </PublicSection>
    </PublicPage>
  );
}
