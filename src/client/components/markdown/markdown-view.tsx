import type { Definition, Nodes, Parents, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { type ReactNode, useMemo } from 'react';
import { Marked } from './marked.tsx';
import { safeHref } from './safe-href.ts';

export type MarkdownViewProps = {
  /** The answer's text: CommonMark, as the person wrote it. */
  text: string;
  /** Words a search found, marked wherever they show. */
  query?: string;
  /** The level a `#` heading in the text takes, below the page's own headings. */
  headingBase?: 2 | 3 | 4;
};

type Context = {
  query: string;
  headingBase: number;
  definitions: ReadonlyMap<string, Definition>;
};

/**
 * An answer's Markdown as React elements (issue 35 point 2). The text is parsed into a syntax
 * tree (CommonMark, micromark's parser) and only the elements below are ever made: raw HTML in
 * the text stays text, no markup string reaches the page, links keep only http(s) and mailto
 * addresses, and pictures are never fetched (a picture in a shared answer would tell its host
 * who reads the world) but offered as links.
 */
export function MarkdownView({ text, query = '', headingBase = 2 }: MarkdownViewProps) {
  const tree = useMemo(() => fromMarkdown(text), [text]);
  const context: Context = { query, headingBase, definitions: definitionsOf(tree) };
  return <>{children(tree, context)}</>;
}

function definitionsOf(tree: Root): Map<string, Definition> {
  const found = new Map<string, Definition>();
  const visit = (node: Nodes) => {
    if (node.type === 'definition' && !found.has(node.identifier)) found.set(node.identifier, node);
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return found;
}

function children(parent: Parents, context: Context, tight = false): ReactNode[] {
  // Raw HTML among blocks stands as a paragraph of its own; among words, as words.
  const block =
    parent.type === 'root' || parent.type === 'blockquote' || parent.type === 'listItem';
  return parent.children.map((child, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a parsed tree never reorders
    <Node key={index} node={child} context={context} tight={tight} block={block} />
  ));
}

type NodeProps = { node: Nodes; context: Context; tight: boolean; block: boolean };

function Node({ node, context, tight, block }: NodeProps) {
  switch (node.type) {
    case 'paragraph':
      // In a tight list an item's text is not a paragraph of its own (CommonMark).
      return tight ? children(node, context) : <p>{children(node, context)}</p>;
    case 'heading': {
      const level = Math.min(6, context.headingBase + node.depth - 1);
      const Heading = `h${level}` as 'h2';
      return <Heading>{children(node, context)}</Heading>;
    }
    case 'thematicBreak':
      return <hr />;
    case 'blockquote':
      return <blockquote>{children(node, context)}</blockquote>;
    case 'list':
      return node.ordered ? (
        <ol start={node.start ?? undefined}>{children(node, context, !node.spread)}</ol>
      ) : (
        <ul>{children(node, context, !node.spread)}</ul>
      );
    case 'listItem':
      return <li>{children(node, context, tight && !node.spread)}</li>;
    case 'code':
      return (
        <pre>
          <code>{node.value}</code>
        </pre>
      );
    case 'inlineCode':
      return <code>{node.value}</code>;
    case 'emphasis':
      return <em>{children(node, context)}</em>;
    case 'strong':
      return <strong>{children(node, context)}</strong>;
    case 'break':
      return <br />;
    case 'text':
      return <Marked text={node.value} query={context.query} />;
    // Raw HTML is off: what looks like a tag shows as the characters typed.
    case 'html':
      return block && !tight ? <p>{node.value}</p> : node.value;
    case 'link':
      return (
        <Link href={node.url} title={node.title}>
          {children(node, context)}
        </Link>
      );
    case 'linkReference': {
      const definition = context.definitions.get(node.identifier);
      return (
        <Link href={definition?.url ?? ''} title={definition?.title}>
          {children(node, context)}
        </Link>
      );
    }
    case 'image':
      return <Picture href={node.url} alt={node.alt} query={context.query} />;
    case 'imageReference':
      return (
        <Picture
          href={context.definitions.get(node.identifier)?.url ?? ''}
          alt={node.alt}
          query={context.query}
        />
      );
    case 'definition':
      return null;
    default:
      // Nothing else comes out of a CommonMark parse; keep any words all the same.
      return 'children' in node ? children(node, context) : null;
  }
}

/** A link out of Müse, or only its words when its address is not one we open. */
function Link({
  href,
  title,
  children: words,
}: {
  href: string;
  title?: string | null | undefined;
  children: ReactNode;
}) {
  const safe = safeHref(href);
  if (!safe) return <>{words}</>;
  if (safe.startsWith('mailto:')) {
    return (
      <a href={safe} title={title ?? undefined} rel="noopener noreferrer nofollow">
        {words}
      </a>
    );
  }
  return (
    <a href={safe} title={title ?? undefined} target="_blank" rel="noopener noreferrer nofollow">
      {words}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** A picture stays a link to it, named by its description, and is never fetched here. */
function Picture({ href, alt, query }: { href: string; alt?: string | null; query: string }) {
  const words = <Marked text={`Picture: ${alt || 'no description'}`} query={query} />;
  return <Link href={href}>{words}</Link>;
}
