import { parse as parseMessage } from '@formatjs/icu-messageformat-parser';
import { parseSync, type Plugin } from 'vite';

/** Namespace files of a locale: src/locales/<ll-CC>/<name>.ts. */
const namespaceFile = /[\\/]src[\\/]locales[\\/][a-z]{2}-[A-Z]{2}[\\/][\w-]+\.ts$/;

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * Compiles every ICU message of the locale files to its AST at build time, so the browser never
 * ships the ICU parser (about 10 KB gzip on the sign-in page). The app aliases the parser to its
 * `no-parser` build; a message that was not precompiled would throw at runtime, not silently degrade.
 * A message with an ICU syntax error fails the build.
 */
export function precompileMessages(): Plugin {
  return {
    name: 'resiport:precompile-messages',
    enforce: 'post',
    transform(code, id) {
      if (!namespaceFile.test(id)) return null;
      const edits: Edit[] = [];
      for (const statement of parseSync(id, code).program.body) {
        if (statement.type !== 'ExportNamedDeclaration') continue;
        if (statement.declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of statement.declaration.declarations) {
          if (declarator.init?.type !== 'ObjectExpression') continue;
          for (const property of declarator.init.properties) {
            if (property.type !== 'Property' || property.value.type !== 'Literal') continue;
            const { value, start, end } = property.value;
            if (typeof value !== 'string') continue;
            edits.push({ start, end, text: JSON.stringify(parseMessage(value)) });
          }
        }
      }
      let output = code;
      for (const edit of edits.sort((a, b) => b.start - a.start)) {
        output = output.slice(0, edit.start) + edit.text + output.slice(edit.end);
      }
      return { code: output, map: null };
    },
  };
}
