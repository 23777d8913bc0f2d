import en_subscription from '../../en/subscription';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceSubscriptionTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const de_subscription = namespaceWithFallback<NamespaceSubscriptionTranslation>(en_subscription, {});

export default de_subscription;
