// Every sentence the publishing domain says to a person: English is the catalogue's key (decision 223),
// their French and Spanish are in src/server/i18n/words-publishing.ts.
export const PUBLISHING_MESSAGES = {
  videoNotFound: 'Video not found',
  publicationNotFound: 'Publication not found',
  videoNotFinished: 'Only a finished video can be published',
  noFile: 'This video has no file stored in the app: it cannot be published',
  notConnected: 'Connect this platform first',
  expired: 'The connection has expired: reconnect the platform, then publish again',
  targetNotFound: 'This page, account or channel is not one the connection may publish to',
  publishAtPast: 'The scheduled time must be in the future',
  stateInvalid: 'This connection link has expired or was already used: connect again',
  connectFailed: 'The platform did not grant access: connect again',
  reconnect: '{platform} asks to reconnect the account: reconnect it, then publish again',
  quotaWait: 'Waiting for the platform’s upload quota: trying again at {time} UTC',
  gaveUp: 'The upload kept failing: {reason}',
  noPost: 'This publication has no post yet',
} as const;
