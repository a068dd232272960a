import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { AppHeader, MenuButton, WorldLink } from '#client/components/app-header.tsx';
import {
  BookIcon,
  BriefcaseIcon,
  CalendarIcon,
  CheckIcon,
  GiftIcon,
  LeafIcon,
  PersonIcon,
  PlusIcon,
  QuoteIcon,
  ShuffleIcon,
  SproutIcon,
  SunIcon,
  TreeIcon,
} from '#client/components/icons.tsx';
import { categoryPath, paths } from '#client/routes.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { useTitle } from '#client/use-title.ts';
import { useToday } from '#client/use-today.ts';
import { PSEUDO_CATEGORIES } from '#shared/domain/categories.ts';
import { dailyDoneToday } from './daily-done.ts';
import './categories-screen.css';

type Tile = { label: string; to: string; icon: ReactNode; tone: string; note?: ReactNode };

// Soft tints that cycle over the categories the server sends.
const TONES = ['rose', 'sage', 'sky', 'sand', 'lilac', 'peach', 'mint'];

// SPEC §3 names the default categories; each has its own icon (issue 35), and a category the
// server adds later gets the leaf.
const CATEGORY_ICONS: Record<string, (props: { size?: number }) => ReactNode> = {
  Gratitude: GiftIcon,
  Growth: SproutIcon,
  Life: TreeIcon,
  Quotes: QuoteIcon,
  Self: PersonIcon,
  Today: CalendarIcon,
  Work: BriefcaseIcon,
};

/**
 * SPEC §2 categories screen: Daily, Add, All, Journal, then one tile per category. 'Daily' and
 * the category 'Today' are both the SPEC's names, so they stay; Daily says what it is (today's
 * prompt, or done today) under its name, and Today has a calendar where Daily has the sun.
 */
export function CategoriesScreen() {
  useTitle('Daily Reflection');
  const categories = useAppState((s) => s.categories);
  const today = useToday();
  const done = useAppState((s) => dailyDoneToday(s.todayPrompt, s.answers, today));
  const noteId = useId();
  const tiles: Tile[] = [
    {
      label: 'Daily',
      to: paths.answerToday,
      icon: <SunIcon size={30} />,
      tone: done ? 'gold tile-done' : 'gold',
      note: done ? (
        <>
          <CheckIcon size={16} /> Done today
        </>
      ) : (
        "Today's prompt"
      ),
    },
    { label: 'Add', to: paths.newPrompt, icon: <PlusIcon size={30} />, tone: 'plain' },
    {
      label: 'All',
      to: categoryPath(PSEUDO_CATEGORIES.all),
      icon: <ShuffleIcon size={30} />,
      tone: 'plain',
    },
    { label: 'Journal', to: paths.journal, icon: <BookIcon size={30} />, tone: 'plain' },
    ...categories.map((name, index) => {
      const CategoryIcon = CATEGORY_ICONS[name] ?? LeafIcon;
      return {
        label: name,
        to: categoryPath(name),
        icon: <CategoryIcon size={26} />,
        tone: TONES[index % TONES.length] ?? 'plain',
      };
    }),
  ];
  return (
    <>
      <AppHeader title="Müse" start={<MenuButton />} end={<WorldLink />} />
      <main className="page">
        <p className="page-intro categories-intro">What would you like to reflect on today?</p>
        <ul className="tiles" aria-label="Categories">
          {tiles.map((tile, index) => (
            <li key={tile.label} className={tile.note ? 'tile-item' : undefined}>
              {/* The note sits on the tile beside the link, not in it: the link's name stays
                  its label (what voice control says), and the note is its description. */}
              <Link
                className={`tile tile-${tile.tone}`}
                to={tile.to}
                aria-describedby={tile.note ? `${noteId}-${index}` : undefined}
              >
                {tile.icon}
                <span className="tile-label">{tile.label}</span>
              </Link>
              {tile.note ? (
                <span id={`${noteId}-${index}`} className="tile-note">
                  {tile.note}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </main>
    </>
  );
}
