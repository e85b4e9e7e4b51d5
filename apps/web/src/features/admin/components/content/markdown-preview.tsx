import { createContext, useContext, type ReactNode } from 'react';

/**
 * How the console draws a document preview. The app composes the players' own renderer in (app/routes.tsx
 * passes the docs feature's Markdown, loaded lazily): the preview is then exactly what a player will see,
 * markup typed into a body inert in both. Without it (a test of the console alone) the body shows as text.
 */
export type RenderMarkdown = (source: string) => ReactNode;

const plainText: RenderMarkdown = (source) => <pre className="whitespace-pre-wrap break-words text-sm text-slate-300">{source}</pre>;

export const MarkdownPreviewContext = createContext<RenderMarkdown>(plainText);

export const useRenderMarkdown = () => useContext(MarkdownPreviewContext);
