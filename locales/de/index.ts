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
    twoFactorCode: 'Geben Sie den 6-stelligen Code aus Ihrer App oder einen Wiederherstellungscode ein',
    twoFactorAppCode: 'Geben Sie den 6-stelligen Code aus Ihrer App ein',
    invalidCode: 'Ungültiger Code',
    passwordOrCodeIncorrect: 'Passwort oder Code ist falsch',
    signInExpired: 'Diese Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
  },
});

export default de;
