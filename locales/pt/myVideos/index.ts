import en_myVideos from '../../en/myVideos';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceMyVideosTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const pt_myVideos = namespaceWithFallback<NamespaceMyVideosTranslation>(en_myVideos, {
  moreFor: 'Mais ações para «{title}»',
  rename: 'Mudar o nome',
  renameTitle: 'Mudar o nome do vídeo',
  titleLabel: 'Título',
  titleRequired: 'Indique um título para o seu vídeo',
  titleTooLong: 'O título não pode ter mais de {max} caracteres',
  renamed: 'Nome do vídeo alterado',
  renameFailed: 'Não foi possível mudar o nome do vídeo',
  download: 'Transferir',
  send: 'Enviar',
  addToCampaign: 'Adicionar a uma campanha',
  campaignTitle: 'Adicionar a uma campanha',
  campaignLabel: 'Campanhas',
  nowIn: 'Agora em «{name}». Um vídeo está numa só campanha de cada vez.',
  inNone: 'Ainda não está em nenhuma campanha.',
  here: 'Aqui',
  moveHere: 'Mover para aqui',
  noCampaigns: 'Ainda não tem campanhas.',
  createCampaign: 'Criar uma campanha',
  addedToCampaign: 'Adicionado a «{name}»',
  campaignFailed: 'Não foi possível adicionar o vídeo à campanha',
  duplicate: 'Duplicar e editar',
  duplicateReady: 'Uma cópia para editar: ao guardar cria um vídeo novo',
  duplicateFailed: 'Não foi possível abrir este vídeo para edição',
  delete: 'Eliminar',
  deleteTitle: 'Eliminar este vídeo?',
  deleteText:
    'O ficheiro, os vídeos pessoais feitos para os destinatários e a ligação de partilha também são eliminados, e o seu armazenamento fica livre. Quem abrir as suas ligações verá que já não está disponível. Não é possível anular.',
  deleted: 'Vídeo eliminado',
  deleteFailed: 'Não foi possível eliminar o vídeo',
});

export default pt_myVideos;
