import en_myVideos from '../../en/myVideos';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceMyVideosTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const de_myVideos = namespaceWithFallback<NamespaceMyVideosTranslation>(en_myVideos, {
  moreFor: 'Weitere Aktionen für „{title}“',
  rename: 'Umbenennen',
  renameTitle: 'Video umbenennen',
  titleLabel: 'Titel',
  titleRequired: 'Bitte gib deinem Video einen Titel',
  titleTooLong: 'Der Titel darf höchstens {max} Zeichen lang sein',
  renamed: 'Video umbenannt',
  renameFailed: 'Das Video konnte nicht umbenannt werden',
  download: 'Herunterladen',
  send: 'Senden',
  addToCampaign: 'Zu einer Kampagne hinzufügen',
  campaignTitle: 'Zu einer Kampagne hinzufügen',
  campaignLabel: 'Kampagnen',
  nowIn: 'Derzeit in „{name}“. Ein Video ist immer nur in einer Kampagne.',
  inNone: 'Noch in keiner Kampagne.',
  here: 'Hier',
  moveHere: 'Hierher verschieben',
  noCampaigns: 'Du hast noch keine Kampagnen.',
  createCampaign: 'Kampagne erstellen',
  addedToCampaign: 'Zu „{name}“ hinzugefügt',
  campaignFailed: 'Das Video konnte nicht zur Kampagne hinzugefügt werden',
  duplicate: 'Duplizieren und bearbeiten',
  duplicateReady: 'Eine Kopie zum Bearbeiten: Speichern erstellt ein neues Video',
  duplicateFailed: 'Dieses Video konnte nicht zum Bearbeiten geöffnet werden',
  delete: 'Löschen',
  deleteTitle: 'Dieses Video löschen?',
  deleteText:
    'Seine Datei, die persönlichen Videos für seine Empfänger und sein Freigabelink werden ebenfalls gelöscht, und dein Speicherplatz wird frei. Wer seine Links öffnet, sieht, dass es nicht mehr verfügbar ist. Das lässt sich nicht rückgängig machen.',
  deleted: 'Video gelöscht',
  deleteFailed: 'Das Video konnte nicht gelöscht werden',
});

export default de_myVideos;
