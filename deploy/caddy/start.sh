#!/bin/sh
# Starts Caddy (compose.yaml's `caddy` service) for SITE_DOMAIN: a domain gets
# HTTPS with an automatic certificate; unset or `localhost`, the site is a local
# trial over plain HTTP. Sets what deploy/caddy/Caddyfile reads, then runs Caddy.
set -eu

domain=${SITE_DOMAIN:-}
case "$domain" in
  '' | localhost)
    SITE_ADDRESS='http://'
    echo 'caddy: no SITE_DOMAIN, a local trial: plain HTTP, no certificate, no HSTS'
    case "${SITE_URL:-}" in
      https://*)
        echo "caddy: SITE_URL is $SITE_URL, but this trial is plain HTTP: leave SITE_DOMAIN unset, or set SITE_URL=http://localhost" >&2
        ;;
    esac
    ;;
  *)
    # One host name: what a certificate is issued for and what SITE_URL is made from.
    if ! printf '%s' "$domain" | grep -Eq '^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$'; then
      echo "caddy: SITE_DOMAIN must be a host name such as agency.example.com (no scheme, port or path), not \"$domain\"" >&2
      exit 2
    fi
    SITE_ADDRESS=$domain
    ;;
esac

ACME_EMAIL_OPTION=''
if [ -n "${ACME_EMAIL:-}" ]; then
  if ! printf '%s' "$ACME_EMAIL" | grep -Eq '^[^[:space:]@]+@[^[:space:]@]+$'; then
    echo "caddy: ACME_EMAIL must be an e-mail address, not \"$ACME_EMAIL\"" >&2
    exit 2
  fi
  ACME_EMAIL_OPTION="email $ACME_EMAIL"
fi

export SITE_ADDRESS ACME_EMAIL_OPTION
exec caddy run --config "${CADDYFILE:-/etc/caddy/Caddyfile}" --adapter caddyfile
