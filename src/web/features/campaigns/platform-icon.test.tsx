import { describe, expect, test } from 'bun:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import TypesafeI18n from '@locales/i18n-react';
import { loadLocale } from '@locales/i18n-util.sync';
import { PlatformName } from './platform-icon';

loadLocale('en');
const html = (node: ReactNode) => renderToStaticMarkup(<TypesafeI18n locale="en">{node}</TypesafeI18n>);

describe('PlatformName', () => {
  test("the platform's decorative icon, then its name; bold unless the caller says otherwise", () => {
    const out = html(<PlatformName platform="linkedin" />);
    expect(out).toStartWith(
      '<span class="flex items-center gap-2 font-medium"><span class="inline-flex text-[#0A66C2] dark:text-[#5AA2F0]" aria-hidden="true"><svg',
    );
    expect(out).toEndWith('</svg></span>LinkedIn</span>');
    expect(html(<PlatformName platform="email" className="whitespace-nowrap" />)).toStartWith('<span class="flex items-center gap-2 whitespace-nowrap">');
  });
});
