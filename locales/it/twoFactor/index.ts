import en_twoFactor from '../../en/twoFactor';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceTwoFactorTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const it_twoFactor = namespaceWithFallback<NamespaceTwoFactorTranslation>(en_twoFactor, {
  title: 'Accesso in due passaggi',
  on: 'Attivo',
  off: 'Disattivato',
  intro: "Chiedere un codice a 6 cifre da un'app di autenticazione (Google Authenticator, 1Password, Authy…) dopo la password.",
  enable: 'Attiva',
  scan: 'Scansiona questo codice QR con la tua app di autenticazione oppure digita la chiave qui sotto.',
  qrAlt: 'Codice QR che aggiunge Avatar Studio alla tua app di autenticazione',
  secretLabel: 'Chiave (se non puoi scansionare)',
  codeLabel: "Codice dell'app",
  confirm: 'Conferma',
  cancel: 'Annulla',
  enabled: "L'accesso in due passaggi è attivo",
  enableFailed: "Impossibile attivare l'accesso in due passaggi",
  recoveryTitle: 'I tuoi codici di recupero',
  recoveryHint: 'Ogni codice ti fa accedere una volta se perdi il telefono. Sono mostrati solo ora: conservali in un luogo sicuro.',
  copyCodes: 'Copia i codici',
  copied: 'Codici di recupero copiati',
  savedCodes: 'Li ho salvati',
  onText: "Dopo la password, il tuo account chiede un codice dell'app. {count} codic{{e|i}} di recupero rimast{{o|i}}.",
  disable: 'Disattiva',
  disableHint: "Inserisci la password e un codice dell'app, oppure un codice di recupero.",
  password: 'Password',
  codeOrRecovery: 'Codice o codice di recupero',
  disabled: "L'accesso in due passaggi è disattivato",
  disableFailed: "Impossibile disattivare l'accesso in due passaggi",
  loginHint: 'Inserisci il codice a 6 cifre della tua app di autenticazione.',
  recoveryLoginHint: 'Hai perso il telefono? Inserisci invece uno dei tuoi codici di recupero.',
  verify: 'Verifica',
  verifying: 'Verifica in corso…',
  back: 'Indietro',
});

export default it_twoFactor;
