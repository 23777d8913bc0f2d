import en_dashboard from '../../en/dashboard';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceDashboardTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const it_dashboard = namespaceWithFallback<NamespaceDashboardTranslation>(en_dashboard, {});

export default it_dashboard;
