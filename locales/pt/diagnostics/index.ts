import en_diagnostics from '../../en/diagnostics';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceDiagnosticsTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const pt_diagnostics = namespaceWithFallback<NamespaceDiagnosticsTranslation>(en_diagnostics, {});

export default pt_diagnostics;
