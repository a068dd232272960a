import { Link } from 'react-router';
import { paths } from '#client/routes.ts';
import { AdminPage } from '../admin-page.tsx';
import { AdminAudit } from './admin-audit.tsx';
import { AdminAnswers, AdminUsers } from './admin-lists.tsx';
import { AdminPeople } from './admin-people.tsx';

const LINKS = [
  {
    to: paths.submittedPrompts,
    title: 'Submitted prompts',
    text: 'Approve or reject what people sent in.',
  },
  {
    to: paths.managePrompts,
    title: 'Manage prompts',
    text: 'Search, edit and delete approved prompts.',
  },
  { to: paths.newAdminPrompt, title: 'New prompt', text: 'Add a prompt, approved at once.' },
  { to: paths.reported, title: 'Flagged answers', text: 'Shared answers flagged for review.' },
];

/**
 * SPEC §2 /admin: the way to every admin screen, the admin list, users and answers, and the
 * audit of admin actions.
 */
export function AdminScreen() {
  return (
    <AdminPage title="Admin" back={{ to: paths.categories, label: 'Back to categories' }}>
      <nav className="admin-section" aria-label="Admin screens">
        <ul className="admin-links">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link className="admin-link card" to={link.to}>
                <span className="admin-link-title">{link.title}</span>
                <span className="admin-link-text">{link.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <AdminPeople />
      <AdminUsers />
      <AdminAnswers />
      <AdminAudit />
    </AdminPage>
  );
}
