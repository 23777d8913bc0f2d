import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { PublicCard } from '../../components/public-card';

/** The centred card of the public account pages (/auth, forgot and reset password). */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  const { LL } = useI18nContext();
  return (
    <PublicCard>
      <h1 className="text-center text-2xl font-bold">{title}</h1>
      {subtitle && <p className="mb-2 text-center text-sm text-base-content/70">{subtitle}</p>}
      {children}
      <p className="mt-4 text-center text-sm">
        {footer ?? (
          <Link to="/auth" search={{ tab: 'login' }} className="link link-primary">
            {LL.auth.backToLogin()}
          </Link>
        )}
      </p>
    </PublicCard>
  );
}
