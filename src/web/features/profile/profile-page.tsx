import { useI18nContext } from '@locales/i18n-react';
import { PageHeader } from '../../components/page-header';
import { useUser } from '../../lib/user';
import { AvatarCard } from './avatar-card';
import { BrandCard } from './brand-card';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';
import { TwoFactorCard } from './two-factor-card';

export function ProfilePage() {
  const { LL } = useI18nContext();
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <div>
      <PageHeader title={LL.profile.title()} subtitle={LL.profile.subtitle()} />
      <div className="grid gap-6 lg:grid-cols-3">
        <AvatarCard user={user} />
        <div className="lg:col-span-2">
          <ProfileForm user={user} />
        </div>
      </div>
      <div className="mt-6">
        <BrandCard user={user} />
      </div>
      <h2 className="mt-8 mb-4 text-xl font-semibold">{LL.profile.security()}</h2>
      <ChangePasswordForm />
      <div className="mt-6">
        <TwoFactorCard />
      </div>
    </div>
  );
}
