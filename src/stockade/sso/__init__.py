"""Single sign-on: OpenID Connect, SAML 2.0 and SCIM 2.0 provisioning of organizations."""
