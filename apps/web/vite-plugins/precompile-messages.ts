import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const catalogue = /[\\/]src[\\/]shared[\\/]i18n[\\/][a-z]{2}-[A-Z]{2}\.ts$/;

/**
 * Ships the i18n catalogues as ICU syntax trees instead of strings, so the browser never needs the ICU
 * parser (about 32 KB before compression): react-intl formats a parsed message directly, and the build
 * swaps the parser for its no-parser twin (issue 11; docs/decisions/0021). Tests and `vite dev` keep the
 * strings and the parser.
 */
export function precompileMessages(): Plugin {
  return {
    name: 'skinfair-precompile-messages',
    apply: 'build',
    enforce: 'post',
    config: () => ({
      resolve: {
        alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js' }],
      },
    }),
    async transform(code, id) {
      if (!catalogue.test(id)) return null;
      // After the TypeScript transform a catalogue is one plain object literal per export: evaluate it.
      const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<string, unknown>;
      const lines = Object.entries(module).map(([name, value]) => {
        if (!value || typeof value !== 'object') throw new Error(`${id}: export ${name} is not a catalogue`);
        const compiled = Object.fromEntries(Object.entries(value as Record<string, string>).map(([key, message]) => [key, parse(message)]));
        return `export const ${name} = /*#__PURE__*/ JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
      });
      return { code: lines.join('\n'), map: null };
    },
  };
}
