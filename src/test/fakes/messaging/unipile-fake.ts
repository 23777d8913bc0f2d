// A local fake of Unipile's documented v1 API (the subset the adapter uses), on 127.0.0.1:0.
// Error bodies follow Unipile's shape: { status, type: "errors/…", title, detail }.
// Behaviour for tests:
// - a request without the right X-API-KEY answers 401;
// - LinkedIn login with a username containing "2fa" answers 202 with a 2FA checkpoint, solved by CHECKPOINT_CODE;
//   password WRONG_PASSWORD answers 401 errors/invalid_credentials;
// - WhatsApp login answers 202 with a QRCODE checkpoint;
// - POST /chats to an attendee FAILING_ATTENDEE answers 422 errors/cannot_send_message;
// - every request is recorded (method, path, query, parsed body) for assertions.

export const UNIPILE_FAKE = {
  apiKey: 'unipile-fake-key',
  checkpointCode: '123456',
  wrongPassword: 'wrong-password',
  failingAttendee: 'ACoFAILING',
} as const;

export type FakeRequest = { method: string; path: string; query: Record<string, string>; body: any; headers: Record<string, string> };
type FakeAccount = { id: string; type: string; name: string; status: string; created_at: string };

export type UnipileFake = {
  url: string;
  apiKey: string;
  requests: FakeRequest[];
  accounts: Map<string, FakeAccount>;
  chats: { chat_id: string; account_id: string; attendees_ids: string[]; text: string }[];
  relations: any[];
  setAccountStatus(id: string, status: string): void;
  stop(): void;
};

const err = (status: number, type: string, title: string, detail: string) => Response.json({ status, type: `errors/${type}`, title, detail }, { status });

export function startUnipileFake(): UnipileFake {
  const requests: FakeRequest[] = [];
  const accounts = new Map<string, FakeAccount>();
  const pendingCheckpoints = new Map<string, { type: string; name: string }>();
  const chats: UnipileFake['chats'] = [];
  let seq = 0;
  const nextId = (p: string) => `${p}_${(++seq).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const relations = Array.from({ length: 3 }, (_, i) => ({
    object: 'UserRelation',
    first_name: ['Jane', 'Omar', 'Li'][i],
    last_name: ['Doe', 'Haddad', 'Wei'][i],
    headline: ['VP Sales at Globex', 'Recruiter at Initech', 'Founder at Acme'][i],
    public_identifier: ['jane-doe-123', 'omar-haddad', 'li-wei'][i],
    public_profile_url: `https://www.linkedin.com/in/${['jane-doe-123', 'omar-haddad', 'li-wei'][i]}`,
    member_id: `ACoAA${i}XYZ`,
    member_urn: `urn:li:member:${i}`,
    connection_urn: `urn:li:fsd_connection:${i}`,
    created_at: 1712160000 + i,
    profile_picture_url: null,
  }));

  const toJson = (a: FakeAccount) => ({
    object: 'Account',
    id: a.id,
    type: a.type,
    name: a.name,
    created_at: a.created_at,
    sources: [{ id: `${a.id}_MESSAGING`, status: a.status }],
  });

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const url = new URL(req.url);
      let body: any = null;
      const type = req.headers.get('content-type') ?? '';
      if (type.includes('application/json')) body = await req.json().catch(() => null);
      else if (type.includes('multipart/form-data')) {
        const fd = await req.formData();
        body = {} as Record<string, string | string[]>;
        for (const [k, v] of fd.entries()) {
          const val = typeof v === 'string' ? v : '[file]';
          body[k] = k in body ? [body[k]].flat().concat(val) : val;
        }
      }
      requests.push({ method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body, headers: Object.fromEntries(req.headers) });
      if (req.headers.get('x-api-key') !== UNIPILE_FAKE.apiKey)
        return err(401, 'missing_credentials', 'Unauthorized', 'Some credentials are necessary to perform the request.');

      const p = url.pathname;
      if (req.method === 'POST' && p === '/api/v1/hosted/accounts/link') {
        if (!body?.expiresOn || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(body.expiresOn) || !body.api_url || !body.type || !body.providers)
          return err(400, 'invalid_parameters', 'Bad Request', 'One or more request parameters are invalid or missing.');
        return Response.json({ object: 'HostedAuthURL', url: `https://account.unipile.test/hosted/${nextId('link')}` }, { status: 201 });
      }
      if (req.method === 'POST' && p === '/api/v1/accounts') {
        if (body?.provider === 'LINKEDIN') {
          if (!body.username || !body.password) return err(400, 'invalid_parameters', 'Bad Request', 'username and password are required.');
          if (body.password === UNIPILE_FAKE.wrongPassword) return err(401, 'invalid_credentials', 'Unauthorized', 'Invalid credentials.');
          const id = nextId('acc');
          if (/2fa/i.test(body.username)) {
            pendingCheckpoints.set(id, { type: 'LINKEDIN', name: body.username });
            return Response.json({ object: 'Checkpoint', account_id: id, checkpoint: { type: '2FA' } }, { status: 202 });
          }
          accounts.set(id, { id, type: 'LINKEDIN', name: `LinkedIn ${body.username.split('@')[0]}`, status: 'OK', created_at: new Date().toISOString() });
          return Response.json({ object: 'AccountCreated', account_id: id }, { status: 201 });
        }
        if (body?.provider === 'WHATSAPP') {
          const id = nextId('acc');
          pendingCheckpoints.set(id, { type: 'WHATSAPP', name: 'WhatsApp' });
          return Response.json({ object: 'Checkpoint', account_id: id, checkpoint: { type: 'QRCODE', qrcode: `2@fake-qr-${id}` } }, { status: 202 });
        }
        return err(400, 'invalid_parameters', 'Bad Request', 'Unsupported provider.');
      }
      if (req.method === 'POST' && p === '/api/v1/accounts/checkpoint') {
        const pending = pendingCheckpoints.get(body?.account_id);
        if (!pending) return err(404, 'resource_not_found', 'Not Found', 'Account not found.');
        if (body.code !== UNIPILE_FAKE.checkpointCode) return err(400, 'invalid_checkpoint_solution', 'Bad Request', 'The checkpoint solution is invalid.');
        pendingCheckpoints.delete(body.account_id);
        accounts.set(body.account_id, { id: body.account_id, type: pending.type, name: pending.name, status: 'OK', created_at: new Date().toISOString() });
        return Response.json({ object: 'AccountCreated', account_id: body.account_id }, { status: 201 });
      }
      if (req.method === 'GET' && p === '/api/v1/accounts') {
        return Response.json({ object: 'AccountList', items: [...accounts.values()].map(toJson), cursor: null });
      }
      const accountMatch = p.match(/^\/api\/v1\/accounts\/([^/]+)$/);
      if (accountMatch) {
        const a = accounts.get(decodeURIComponent(accountMatch[1]));
        if (!a) return err(404, 'resource_not_found', 'Not Found', 'Account not found.');
        if (req.method === 'GET') return Response.json(toJson(a));
        if (req.method === 'DELETE') {
          accounts.delete(a.id);
          return Response.json({ object: 'AccountDeleted' });
        }
      }
      if (req.method === 'GET' && p === '/api/v1/users/relations') {
        if (!accounts.has(url.searchParams.get('account_id') ?? ''))
          return err(401, 'disconnected_account', 'Unauthorized', 'The account appears to be disconnected from the provider service.');
        return Response.json({ object: 'UserRelationsList', items: relations, cursor: null });
      }
      if (req.method === 'GET' && p === '/api/v1/chat_attendees') {
        return Response.json({
          object: 'ChatAttendeeList',
          items: [
            { object: 'ChatAttendee', id: 'att1', provider_id: '33612345678@s.whatsapp.net', name: 'Camille', is_self: 0 },
            { object: 'ChatAttendee', id: 'att2', provider_id: '15550100001@s.whatsapp.net', name: 'Sam', is_self: 0 },
            { object: 'ChatAttendee', id: 'me', provider_id: '10000000000@s.whatsapp.net', name: 'Me', is_self: 1 },
          ],
          cursor: null,
        });
      }
      const userMatch = p.match(/^\/api\/v1\/users\/([^/]+)$/);
      if (req.method === 'GET' && userMatch) {
        const ident = decodeURIComponent(userMatch[1]);
        const r = relations.find((x) => x.public_identifier === ident || x.member_id === ident);
        if (!r) return err(404, 'resource_not_found', 'Not Found', 'User not found.');
        return Response.json({
          object: 'UserProfile',
          provider: 'LINKEDIN',
          provider_id: r.member_id,
          public_identifier: r.public_identifier,
          first_name: r.first_name,
          last_name: r.last_name,
        });
      }
      if (req.method === 'POST' && p === '/api/v1/chats') {
        const attendees = [body?.attendees_ids ?? []].flat() as string[];
        if (!body?.account_id || !attendees.length || !body.text)
          return err(400, 'invalid_parameters', 'Bad Request', 'account_id, attendees_ids and text are required.');
        const account = accounts.get(body.account_id);
        if (!account) return err(404, 'resource_not_found', 'Not Found', 'Account not found.');
        if (account.status === 'CREDENTIALS')
          return err(401, 'disconnected_account', 'Unauthorized', 'The account appears to be disconnected from the provider service.');
        if (attendees.includes(UNIPILE_FAKE.failingAttendee))
          return err(422, 'cannot_send_message', 'Unprocessable Entity', 'The recipient cannot be reached.');
        const chat_id = nextId('chat');
        chats.push({ chat_id, account_id: body.account_id, attendees_ids: attendees, text: body.text });
        return Response.json({ object: 'ChatStarted', chat_id, message_id: nextId('msg') }, { status: 201 });
      }
      return err(404, 'resource_not_found', 'Not Found', `No route ${req.method} ${p}`);
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    apiKey: UNIPILE_FAKE.apiKey,
    requests,
    accounts,
    chats,
    relations,
    setAccountStatus(id, status) {
      const a = accounts.get(id);
      if (a) a.status = status;
    },
    stop: () => server.stop(true),
  };
}
