import { Link } from 'react-router';
import { PolicyIntro, PublicPage, PublicSection } from '#client/components/public-page.tsx';
import { useTitle } from '#client/use-title.ts';
import { CONTACT_EMAIL, mailtoHref } from '../about/public-links.ts';
import './terms-screen.css';

const SECTIONS = [
  ['who', 'Who may use Müse'],
  ['your-content', 'Your content'],
  ['community', 'Community rules'],
  ['moderation', 'Flags & moderation'],
  ['prompts', 'Your prompts'],
  ['care', 'Not a crisis service'],
  ['availability', 'Availability'],
  ['ending', 'Ending'],
  ['changes', 'Changes & contact'],
] as const;

const UPDATED = ['2026-11-22', 'November 22, 2026'] as const;

const FOOTER = [
  ['/', 'Open Müse'],
  ['/about', 'About'],
  ['/privacy', 'Privacy'],
] as const;

export function TermsScreen() {
  useTitle('Terms');

  return (
    <PublicPage
      modifier="terms"
      contents={SECTIONS}
      footer={FOOTER}
      intro={
        <PolicyIntro
          title="Terms of use"
          updated={UPDATED}
          lead={
            <>
              These terms are the agreement between you and Müse when you use the app on this site,
              including when you install it on your phone. They're written to be read. Please read
              them together with our <Link to="/privacy">privacy policy</Link>.
            </>
          }
          summary={
            <>
              <li>What you write is yours. We only store it and show it where you ask us to.</li>
              <li>Be kind in the world feed. Flagged answers are reviewed by admins.</li>
              <li>Müse is a journal, not a medical or crisis service.</li>
              <li>You can leave at any time and take your words with you.</li>
            </>
          }
        />
      }
    >
      <PublicSection id="who" title="Who may use Müse">
        <ul>
          <li>
            You must be at least 13, or the minimum age for online services where you live. If
            you're under 18, please use Müse with a parent's or guardian's agreement.
          </li>
          <li>
            An account is for one person. Keep your password (and passcode) to yourself; you're
            responsible for what happens under your account.
          </li>
          <li>Don't pretend to be someone else or pick a name that misleads people.</li>
        </ul>
      </PublicSection>

      <PublicSection id="your-content" title="Your content stays yours">
        <p>
          You own the answers and prompts you write. By using Müse you give us permission to do only
          what's needed to run it for you: store your content, back it up, sync it between your
          devices and show it to you.
        </p>
        <p>
          When you share an answer with the world, you also let us show it publicly — in the world
          feed and, if you share under your name, on your public profile — under your name or
          anonymously, as you choose. That permission ends when you unshare the answer or delete it
          or your account.
        </p>
      </PublicSection>

      <PublicSection id="community" title="Community rules for the world feed">
        <p>The world feed is for honest, kind reflection. Please don't share:</p>
        <ul>
          <li>harassment, bullying, threats or anything meant to hurt someone;</li>
          <li>hate speech or attacks on people for who they are;</li>
          <li>
            other people's personal data — their full name, address, phone number, photos or private
            details — without their permission;
          </li>
          <li>spam, advertising, scams or links to them;</li>
          <li>
            sexual content, graphic violence, or anything illegal or that infringes others' rights.
          </li>
        </ul>
        <p>
          Don't try to find out who wrote an anonymous answer, and don't misuse the service — for
          example by automated scraping, getting around limits, or probing its security (if you've
          found a security problem, please tell us instead).
        </p>
      </PublicSection>

      <PublicSection id="moderation" title="Flags and moderation">
        <p>
          Signed-in people can flag a shared answer for review. Our admins review flagged answers
          and may unshare or remove answers that break these rules, and may suspend or close
          accounts for serious or repeated breaches. We don't review private answers. If you think
          we got a decision wrong, write to us.
        </p>
      </PublicSection>

      <PublicSection id="prompts" title="Prompts you submit">
        <p>
          You're welcome to suggest prompts. An admin reviews each one and may edit it (for example
          for clarity or spelling), approve it or reject it. An approved prompt joins the prompt
          library and is shown to everyone, who may answer it. So submit only questions you're happy
          for anyone to see.
        </p>
      </PublicSection>

      <PublicSection
        id="care"
        title="Müse is not a medical or crisis service"
        className="public-page-section terms-care"
      >
        <p>
          Müse is a journaling tool. It is not therapy or medical advice, and it is not a substitute
          for professional help. We don't monitor what you write, so we can't respond to it.
        </p>
        <p>
          If you're going through a hard time, please consider talking to a doctor, a therapist or
          someone you trust.{' '}
          <strong>
            If you are in crisis or might be in danger, contact your local emergency services right
            away.
          </strong>
        </p>
      </PublicSection>

      <PublicSection id="availability" title="Availability">
        <p>
          We work hard to keep Müse running and your words safe, but we provide it as it is: it may
          sometimes be unavailable, and features may change. Keep your own copy of what matters to
          you — you can download your answers or export everything from your profile at any time.
        </p>
        <p>
          As far as the law allows, Müse is not liable for losses caused by outages, lost data, or
          what other people share. Nothing in these terms takes away rights you have under consumer
          law that can't be limited.
        </p>
      </PublicSection>

      <PublicSection id="ending" title="Ending your use">
        <p>
          You can stop using Müse whenever you like. You can delete your account from your profile
          (we ask for your password again); this erases your answers, prompts, loves and flags. We
          may suspend or close an account that seriously or repeatedly breaks these terms; where
          reasonable, we'll tell you first and give you a chance to export your data.
        </p>
      </PublicSection>

      <PublicSection id="changes" title="Changes and contact">
        <p>
          If we change these terms we'll update the date at the top, and tell you in the app before
          important changes apply. If you don't agree with new terms, you can delete your account.
          Questions? Write to <a href={mailtoHref(CONTACT_EMAIL)}>{CONTACT_EMAIL}</a>.
        </p>
      </PublicSection>
    </PublicPage>
  );
}
