import en_twoFactor from '../../en/twoFactor';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceTwoFactorTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const de_twoFactor = namespaceWithFallback<NamespaceTwoFactorTranslation>(en_twoFactor, {
  title: 'Zwei-Faktor-Anmeldung',
  on: 'An',
  off: 'Aus',
  intro: 'Nach Ihrem Passwort einen 6-stelligen Code aus einer Authenticator-App (Google Authenticator, 1Password, Authy…) verlangen.',
  enable: 'Einschalten',
  scan: 'Scannen Sie diesen QR-Code mit Ihrer Authenticator-App oder geben Sie den Schlüssel unten ein.',
  qrAlt: 'QR-Code, der Avatar Studio zu Ihrer Authenticator-App hinzufügt',
  secretLabel: 'Schlüssel (falls Sie nicht scannen können)',
  codeLabel: 'Code aus der App',
  confirm: 'Bestätigen',
  cancel: 'Abbrechen',
  enabled: 'Die Zwei-Faktor-Anmeldung ist eingeschaltet',
  enableFailed: 'Die Zwei-Faktor-Anmeldung konnte nicht eingeschaltet werden',
  recoveryTitle: 'Ihre Wiederherstellungscodes',
  recoveryHint: 'Jeder Code meldet Sie einmal an, falls Sie Ihr Telefon verlieren. Sie werden nur jetzt angezeigt: Bewahren Sie sie sicher auf.',
  copyCodes: 'Codes kopieren',
  copied: 'Wiederherstellungscodes kopiert',
  savedCodes: 'Ich habe sie gespeichert',
  onText: 'Nach Ihrem Passwort verlangt Ihr Konto einen Code aus Ihrer App. Noch {count} Wiederherstellungscode{{s}}.',
  disable: 'Ausschalten',
  disableHint: 'Geben Sie Ihr Passwort und einen Code aus Ihrer App oder einen Wiederherstellungscode ein.',
  password: 'Passwort',
  enableHint: 'Geben Sie Ihr Passwort und den Code aus der App ein. Ihre anderen Sitzungen werden danach abgemeldet.',
  codeOrRecovery: 'Code oder Wiederherstellungscode',
  disabled: 'Die Zwei-Faktor-Anmeldung ist ausgeschaltet',
  disableFailed: 'Die Zwei-Faktor-Anmeldung konnte nicht ausgeschaltet werden',
  loginHint: 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',
  recoveryLoginHint: 'Telefon verloren? Geben Sie stattdessen einen Ihrer Wiederherstellungscodes ein.',
  verify: 'Bestätigen',
  verifying: 'Wird geprüft…',
  back: 'Zurück',
});

export default de_twoFactor;
