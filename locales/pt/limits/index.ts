import en_limits from '../../en/limits';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceLimitsTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const pt_limits = namespaceWithFallback<NamespaceLimitsTranslation>(en_limits, {});

export default pt_limits;
