"""Hosting, cloud and developer platforms: DigitalOcean, Heroku, Netlify, Vercel, Doppler,
Datadog, Notion, Postman, CircleCI. Each is one authenticated ``GET`` of the caller's own
account (Datadog's ``/api/v1/validate`` exists for exactly this).

Datadog is asked at its US1 site: a key of another site (EU, US3 …) reads as revoked, which
the docs say.
"""

from __future__ import annotations

from stockade.analyzers.secrets.verify.http import IdentityCall, header

DIGITALOCEAN = IdentityCall("digitalocean", "https://api.digitalocean.com", "/v2/account")
HEROKU = IdentityCall(
    "heroku",
    "https://api.heroku.com",
    "/account",
    headers={"Accept": "application/vnd.heroku+json; version=3"},
)
NETLIFY = IdentityCall("netlify", "https://api.netlify.com", "/api/v1/user")
VERCEL = IdentityCall("vercel", "https://api.vercel.com", "/v2/user")
DOPPLER = IdentityCall("doppler", "https://api.doppler.com", "/v3/me")
DATADOG = IdentityCall(
    "datadog", "https://api.datadoghq.com", "/api/v1/validate", header("DD-API-KEY")
)
NOTION = IdentityCall(
    "notion", "https://api.notion.com", "/v1/users/me", headers={"Notion-Version": "2022-06-28"}
)
POSTMAN = IdentityCall("postman", "https://api.getpostman.com", "/me", header("X-Api-Key"))
CIRCLECI = IdentityCall("circleci", "https://circleci.com", "/api/v2/me", header("Circle-Token"))

RULES = {
    "digitalocean-pat": DIGITALOCEAN,
    "digitalocean-oauth-token": DIGITALOCEAN,
    "heroku-api-key": HEROKU,
    "heroku-api-key-v2": HEROKU,
    "netlify-pat": NETLIFY,
    "netlify-token": NETLIFY,
    "vercel-token": VERCEL,
    "doppler-token": DOPPLER,
    "datadog-api-key": DATADOG,
    "notion-token": NOTION,
    "notion-integration-token": NOTION,
    "postman-api-key": POSTMAN,
    "circleci-pat": CIRCLECI,
}
