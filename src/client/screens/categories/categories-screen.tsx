import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AppHeader, MenuButton, WorldLink } from '#client/components/app-header.tsx';
import { BookIcon, LeafIcon, PlusIcon, ShuffleIcon, SunIcon } from '#client/components/icons.tsx';
import { categoryPath, paths } from '#client/routes.ts';
import { useAppState } from '#client/state/app-store.ts';
import { useTitle } from '#client/use-title.ts';
import { PSEUDO_CATEGORIES } from '#shared/domain/categories.ts';
import './categories-screen.css';

type Tile = { label: string; to: string; icon: ReactNode; tone: string };

// Soft tints that cycle over the categories the server sends.
const TONES = ['rose', 'sage', 'sky', 'sand', 'lilac', 'peach', 'mint'];

/** SPEC §2 categories screen: Daily, Add, All, Journal, then one tile per category. */
export function CategoriesScreen() {
  useTitle('Daily Reflection');
  const categories = useAppState((s) => s.categories);
  const tiles: Tile[] = [
    { label: 'Daily', to: paths.answerToday, icon: <SunIcon size={30} />, tone: 'gold' },
    { label: 'Add', to: paths.newPrompt, icon: <PlusIcon size={30} />, tone: 'plain' },
    {
      label: 'All',
      to: categoryPath(PSEUDO_CATEGORIES.all),
      icon: <ShuffleIcon size={30} />,
      tone: 'plain',
    },
    { label: 'Journal', to: paths.journal, icon: <BookIcon size={30} />, tone: 'plain' },
    ...categories.map((name, index) => ({
      label: name,
      to: categoryPath(name),
      icon: <LeafIcon size={26} />,
      tone: TONES[index % TONES.length] ?? 'plain',
    })),
  ];
  return (
    <>
      <AppHeader title="Müse" start={<MenuButton />} end={<WorldLink />} />
      <main className="page">
        <p className="page-intro categories-intro">What would you like to reflect on today?</p>
        <ul className="tiles" aria-label="Categories">
          {tiles.map((tile) => (
            <li key={tile.label}>
              <Link className={`tile tile-${tile.tone}`} to={tile.to}>
                {tile.icon}
                <span className="tile-label">{tile.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </main>
    </>
  );
}
