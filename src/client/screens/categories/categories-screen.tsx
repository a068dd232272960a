import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { postJson } from '../../api/post-json.ts';
import { useTitle } from '../../use-title.ts';

const DEFAULT_CATEGORIES = ['Gratitude', 'Growth', 'Life', 'Quotes', 'Self', 'Today', 'Work'];

export function CategoriesScreen() {
  useTitle('Daily Reflection');
  const [categories, setCategories] = useState<string[]>(DEFAULT_CATEGORIES);
  useEffect(() => {
    postJson<{ categories: string[] }>('/api/categories')
      .then((data) => setCategories(data.categories))
      .catch(() => {
        // SPEC §8: a failed categories load is ignored; the default list stays.
      });
  }, []);

  const tiles = [
    { label: 'Daily', to: '/answer/today' },
    { label: 'Add', to: '/newPrompt' },
    { label: 'All', to: '/answer' },
    { label: 'Journal', to: '/answer/journal' },
    ...categories.map((name) => ({
      label: name,
      to: `/answer?category=${encodeURIComponent(name)}`,
    })),
  ];
  return (
    <main className="page">
      <header className="app-header">
        <h1 className="brand">Müse</h1>
      </header>
      <ul className="tiles" aria-label="Categories">
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Link className="tile" to={tile.to}>
              {tile.label}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
