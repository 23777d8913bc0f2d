import { Link } from '@tanstack/react-router';
import { TemplateThumb } from './template-thumb';
import { Panel } from './panel';
import type { TemplateSummary } from '@/shared/templates';
import { useI18nContext } from '@locales/i18n-react';

// The video wizard is another feature's page; it reads the template from ?template=.
const CREATE_VIDEO: string = '/create-video';

export function PopularTemplates({ templates }: { templates: TemplateSummary[] }) {
  const { LL } = useI18nContext();
  const D = LL.dashboard;
  // A dictionary entry, not a hook: named here so the hooks rule does not read a call of `D.useTemplate` as one.
  const templateLabel = D.useTemplate;
  return (
    <Panel title={D.popularTemplates()} hint={D.popularTemplatesHint()} large testId="popular-templates">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {templates.map((t) => (
          <li key={t.id} className="flex flex-col overflow-hidden rounded-box border border-base-300" data-testid="template-card">
            <div className="relative">
              <TemplateThumb src={t.thumbnailUrl} />
              <span className="badge badge-sm absolute top-2 left-2 border-0 bg-black/65 text-white">{D.templateTypes[t.type]()}</span>
            </div>
            <div className="flex flex-1 flex-col gap-1 p-3">
              <h3 className="font-medium">{t.name}</h3>
              <p className="text-sm text-base-content/70">{t.description}</p>
              <Link to={CREATE_VIDEO} search={{ template: t.id } as never} className="btn btn-outline btn-primary btn-xs mt-auto self-start">
                {templateLabel()}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
