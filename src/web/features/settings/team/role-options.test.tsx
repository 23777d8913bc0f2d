import { expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import TypesafeI18n from '@locales/i18n-react';
import { loadLocale } from '@locales/i18n-util.sync';
import { INVITE_ROLES } from '@/domains/workspaces/schemas';
import { RoleOptions } from './role-options';

loadLocale('en');

test('RoleOptions: one option per role a member may be given, never the owner', () => {
  const out = renderToStaticMarkup(
    <TypesafeI18n locale="en">
      <select value="member" onChange={() => {}}>
        <RoleOptions />
      </select>
    </TypesafeI18n>,
  );
  expect(out.match(/<option /g)?.length).toBe(INVITE_ROLES.length);
  for (const r of INVITE_ROLES) expect(out).toContain(`value="${r}"`);
  expect(out).not.toContain('value="owner"');
  expect(out).toMatch(/<option value="member" selected="">[^<]+<\/option>/);
});
