import en_limits from '../../en/limits';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceLimitsTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const de_limits = namespaceWithFallback<NamespaceLimitsTranslation>(en_limits, {});

export default de_limits;
