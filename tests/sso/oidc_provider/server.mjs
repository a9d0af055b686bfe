// A real OpenID Provider for the SSO tests: panva/oidc-provider (OpenID Certified) on
// 127.0.0.1, plain http, with a scripted, non-interactive login.
//
// Started by tests/sso/oidc_idp.py. Prints one JSON line {"issuer": ...} once listening.
// The test drives it through POST /__control (loopback only, JSON):
//   {"clients": [{client_id, client_secret, redirect_uris}]}  the registered clients
//   {"user": {sub, email, email_verified, name, groups}}      who the next login is
//   {"rotate": true}                                           replace the signing key
// Each change rebuilds the Provider from that state (clients and keys are static config).
// Interactions (/interaction/:uid) finish at once: login as the current user, then consent
// to what the client asked for. devInteractions are off, so no HTML form is involved.

import crypto from 'node:crypto';
import http from 'node:http';

import Provider from 'oidc-provider';

const state = {
  clients: [],
  users: new Map(),
  current: null,
  keys: [newKey()],
  cookieKey: crypto.randomBytes(32).toString('hex'),
};

let issuer = '';
let provider = null;
let handler = null;

function newKey() {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { ...jwk, kid: crypto.randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
}

function build() {
  provider = new Provider(issuer, {
    clients: state.clients.map((c) => ({
      client_id: c.client_id,
      client_secret: c.client_secret,
      redirect_uris: c.redirect_uris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: state.keys },
    cookies: { keys: [state.cookieKey] },
    features: { devInteractions: { enabled: false } },
    // The id_token carries the claims of the granted scopes (Stockade reads no userinfo).
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub', 'groups'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    pkce: { required: () => true },
    interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(ctx, sub) {
      const user = state.users.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: user.email,
            email_verified: user.email_verified ?? true,
            name: user.name ?? user.email,
            groups: user.groups ?? [],
          };
        },
      };
    },
  });
  handler = provider.callback();
}

async function interact(req, res) {
  const details = await provider.interactionDetails(req, res);
  const { prompt, params, session } = details;
  if (prompt.name === 'login') {
    if (!state.current) throw new Error('no user set for the next login');
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: state.current.sub } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
  const missing = prompt.details;
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  if (missing.missingResourceScopes) {
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes)) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
  }
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}

async function control(req, res) {
  let body = '';
  for await (const chunk of req) body += chunk;
  const change = JSON.parse(body || '{}');
  if (change.clients) state.clients = change.clients;
  if (change.user) {
    state.users.set(change.user.sub, change.user);
    state.current = change.user;
  }
  if (change.rotate) state.keys = [newKey()];
  build();
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ kids: state.keys.map((k) => k.kid) }));
}

const server = http.createServer(async (req, res) => {
  try {
    const path = new URL(req.url, issuer).pathname;
    if (path === '/__control' && req.method === 'POST') {
      await control(req, res);
    } else if (/^\/interaction\/[^/]+$/.test(path)) {
      await interact(req, res);
    } else {
      handler(req, res);
    }
  } catch (err) {
    res.statusCode = 500;
    res.end(String(err && err.stack ? err.stack : err));
  }
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  issuer = `http://127.0.0.1:${server.address().port}`;
  build();
  process.stdout.write(`${JSON.stringify({ issuer })}\n`);
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
