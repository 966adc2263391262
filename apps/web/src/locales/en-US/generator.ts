/** The proxy generator on /residential. */
export const generator = {
  'generator.title': 'Proxy generator',
  'generator.failed': 'The generator could not be loaded',
  'generator.failedHint': 'Check your connection, then reload it.',
  'generator.noGateway': 'No proxy gateway is available',
  'generator.noGatewayHint': 'The service lists no proxy endpoint right now. Try again later.',
  'generator.empty': 'You need proxy credentials first',
  'generator.emptyHint':
    'Lines log in with a sub-account’s username and password, or come from a whitelisted IP. Buy traffic, create a sub-account and give it some.',
  'generator.empty.createSub': 'Create sub-account',
  'generator.section.location': 'Location',
  'generator.section.connection': 'Connection',
  'generator.section.list': 'List',
  'generator.country': 'Country',
  'generator.country.any': 'Any country',
  'generator.country.none': 'No country matches',
  'generator.state': 'State / region',
  'generator.state.any': 'Any state',
  'generator.city': 'City',
  'generator.city.any': 'Any city',
  'generator.location.anyHint': 'The exit can be anywhere; choose a country to target one.',
  'generator.location.noPlaces': 'The pool targets this country as a whole: no states or cities to choose.',
  'generator.location.anyOnly':
    'This pool serves “any location” only: lines cannot choose a country, state or city (such lines would be refused).',
  'generator.protocol': 'Protocol',
  'generator.protocol.http': 'HTTP',
  'generator.protocol.socks5': 'SOCKS5',
  'generator.protocol.hint':
    'HTTP(S) works in browsers, scrapers and most tools; SOCKS5 carries any TCP connection.',
  'generator.rotation': 'Rotation',
  'generator.rotation.rotating': 'Randomize IP',
  'generator.rotation.sticky': 'Sticky IP',
  'generator.rotation.rotatingHint': 'Every new connection gets a new IP.',
  'generator.rotation.stickyHint':
    'Each line keeps the same IP for up to the session time while in use; every line has its own session.',
  'generator.stickyMinutes': 'Session time',
  'generator.stickyMinutes.unit': 'min',
  'generator.stickyMinutes.hint': '{min}–{max, plural, one {# minute} other {# minutes}}',
  'generator.host': 'Proxy hostname',
  'generator.port': 'Port',
  'generator.port.hint': 'From the protocol',
  'generator.auth': 'Authentication',
  'generator.auth.subs': 'Sub-accounts',
  'generator.auth.whitelistGroup': 'IP whitelist',
  'generator.auth.whitelist': 'Whitelisted IP',
  'generator.auth.whitelistCount': '{count, plural, =0 {no IPs yet} one {# IP} other {# IPs}}',
  'generator.auth.subLeft': '{traffic} left',
  'generator.auth.subDisabled': 'disabled',
  'generator.auth.subHint': 'Lines log in with this sub-account and spend its traffic.',
  'generator.auth.whitelistHint':
    'Devices at your whitelisted IPs connect without a password, spending your main account’s traffic. To choose a location or keep an IP, the lines log in as <code>whitelist-…</code> (any password works from a whitelisted IP).',
  'generator.quantity': 'Quantity',
  'generator.quantity.hint': '1–{max, plural, one {# line} other {# lines}}',
  'generator.format': 'Format',
  'generator.format.whitelistHint':
    'Without a location or a sticky IP, whitelisted lines are just HOST:PORT.',
  'generator.output': 'Proxy list',
  'generator.output.count': '{count, plural, one {# line} other {# lines}}',
  'generator.output.rotatingNote':
    'Randomize IP: the lines are identical, and that is expected — each connection through any of them gets a new IP.',
  'generator.output.stickyNote':
    'Sticky IP: each line carries its own session id, so it keeps one IP for up to {minutes} min. Generate gives every line a new session.',
  'generator.output.whitelistNote':
    'Whitelisted lines work only from a device at one of your whitelisted IPs; the gateway refuses them from anywhere else.',
  'generator.generate': 'Generate',
  'generator.generated': '{count, plural, one {# line} other {# lines}} generated',
  'generator.copyAll': 'Copy all ({count})',
  'generator.download': 'Download .txt',
  'generator.downloaded': '{file} saved',
  'generator.test': 'Test',
  'generator.test.hint': 'Sends one request through the first line and shows where it came out.',
  'generator.test.whitelist':
    'The test runs from our server, which is not on your whitelist: choose a sub-account to test.',
  'generator.test.ok': 'The proxy works: the request came out at {ip}',
  'generator.test.okDetail': '{country} · {latency} ms',
  'generator.test.unknownCountry': 'Country unknown',
  'generator.test.failed': 'The test request did not go through',
  'generator.test.error.no_traffic':
    'No traffic left for these credentials. Allocate traffic to the sub-account, or buy more.',
  'generator.test.error.auth':
    'The gateway refused the username or password. Check that the sub-account still exists and its password has not changed.',
  'generator.test.error.disabled': 'This sub-account or your account is disabled.',
  'generator.test.error.cap_reached':
    "This sub-account reached its daily or monthly cap. It works again after 00:00 UTC (or the month's first day), or raise the cap on its edit page.",
  'generator.test.error.expired':
    'This sub-account has expired. Set a later last day on its edit page and allocate traffic again.',
  'generator.test.error.no_exit':
    'No exit serves this location right now. Choose another country, state or city, or any.',
  'generator.test.error.destination_refused': 'The gateway refused to connect to the test site.',
  'generator.test.error.unreachable':
    'The gateway or the test site did not answer in time. Try again in a minute.',
  'generator.test.error.other': 'Something went wrong ({reason}). Try again in a minute.',
  'generator.test.gatewaySaid': 'The gateway answered {reason}: {text}',
  'generator.curl.copy': 'Copy command',
  'generator.code': 'Use it in code',
  'generator.code.hint':
    'Ready examples with the first line: each fetches the page through it and prints what the site answered.',
  'generator.code.install': 'Install',
  'generator.code.file': 'Save as {file}',
  'generator.code.run': 'Run',
  'generator.code.copy': 'Copy code',
  'generator.code.note.chromiumNoSocksAuth':
    'Chromium cannot send a SOCKS5 username and password. Choose HTTP above for this example, or whitelist your IP address and use the line without a password.',
  'generator.code.note.proxychainsNeedsIp':
    'proxychains needs the gateway’s IP address in its list, not its name: look it up (for example, dig +short {host}) and put it in place of the name.',
  'generator.notice.buyTraffic': 'You have no traffic left',
  'generator.notice.buyTrafficHint': 'Connections will be refused until you buy traffic.',
  'generator.notice.allocate': '{username} has no traffic left',
  'generator.notice.allocateHint':
    'Its connections will be refused. Allocate traffic to it from your main account.',
  'generator.notice.allocateAction': 'Allocate traffic',
  'generator.notice.subDisabled': '{username} is disabled',
  'generator.notice.subDisabledHint':
    'Its connections will be refused. Enable it on the sub-accounts page, or choose another one.',
  'generator.notice.subDisabledAction': 'Sub-accounts',
  'generator.notice.noWhitelist': 'You have no whitelisted IPs',
  'generator.notice.noWhitelistHint':
    'Add the address of the device that will connect, or choose a sub-account instead.',
  'generator.notice.noWhitelistAction': 'Open the IP whitelist',
};
