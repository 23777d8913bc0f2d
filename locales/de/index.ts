import en from '../en';
import { withFallback } from '../fallback';

// German has no full table yet: the navigation is translated, every other key falls back to English.
const de = withFallback(en, {
  nav: {
    createNew: 'Neu erstellen',
    performance: 'Leistungsindikator',
    myVideos: 'Meine Videos',
    campaigns: 'Kampagnen',
    socialProfiles: 'Soziale Profile',
    avatarLibrary: 'Avatar-Bibliothek',
    profile: 'Profil',
    subscription: 'Abonnement',
    settings: 'Einstellungen',
    help: 'Hilfe',
    signOut: 'Abmelden',
    language: 'Sprache',
  },
  account: { profile: 'Profil', settings: 'Einstellungen', logout: 'Abmelden' },
  validation: {
    pictureTooLarge: 'Dieses Bild ist zu groß: Bitte laden Sie eines unter 40 Megapixeln hoch, höchstens 12.000 Pixel pro Seite',
    pictureUnreadable: 'Wir konnten dieses Bild nicht lesen. Bitte laden Sie ein PNG-, JPEG- oder WebP-Foto hoch.',
    twoFactorCode: 'Geben Sie den 6-stelligen Code aus Ihrer App oder einen Wiederherstellungscode ein',
    twoFactorAppCode: 'Geben Sie den 6-stelligen Code aus Ihrer App ein',
    invalidCode: 'Ungültiger Code',
    passwordOrCodeIncorrect: 'Passwort oder Code ist falsch',
    signInExpired: 'Diese Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
    inviteAgainSoon: 'Diese Adresse wurde gerade eingeladen. Sie können die Einladung in ein paar Minuten erneut senden.',
    inviteDailyLimit: 'Ihr Arbeitsbereich hat das heutige Einladungslimit erreicht. Morgen können Sie weitere einladen.',
    inviteUnverified: 'Bestätigen Sie zuerst Ihre E-Mail-Adresse: Öffnen Sie den Link, den wir Ihnen geschickt haben, und nehmen Sie dann die Einladung an.',
    emailLinkInvalid: 'Dieser Bestätigungslink ist ungültig oder abgelaufen',
    emailAlreadyConfirmed: 'Ihre E-Mail-Adresse ist bereits bestätigt',
    emailChangeNeedsPassword: 'Geben Sie Ihr aktuelles Passwort ein, um Ihre E-Mail-Adresse zu ändern',
    emailTooMany: 'Zu viele Bestätigungs-E-Mails. Bitte versuchen Sie es später erneut.',
    currentPasswordIncorrect: 'Das aktuelle Passwort ist falsch',
  },
});

export default de;
