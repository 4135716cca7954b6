// A generated catalogue of 5000 tools shaped like a real agent's integrations: services
// (GitHub, Slack, Stripe…) × their resources × actions, named `service_action_resource`,
// with API-style descriptions and JSON Schema parameters. Deterministic: the same 5000
// tools on every call, so the labelled queries in bench/search-queries.json stay valid.

export const CATALOGUE_SIZE = 5000

// Service: [id, display name, { resource: the service's own word for it }]
// Resource: [singular, plural, { field: description }, { extraAction: description template }]
// Templates: {r} resource, {rp} plural, {S} service display name, {scope} the container.
const CATEGORIES = {
  code: {
    scope: ['repo', 'Repository in owner/name form'],
    services: [
      ['github', 'GitHub'],
      ['gitlab', 'GitLab'],
      ['bitbucket', 'Bitbucket'],
      ['gitea', 'Gitea'],
      ['azure_repos', 'Azure Repos'],
    ],
    resources: [
      [
        'issue',
        'issues',
        {
          title: 'Issue title',
          body: 'Markdown description of the issue',
          assignee: 'Login of the assignee',
          labels: 'Label names',
        },
        { close: 'Close an open {r} in a {S} repository.', assign: 'Assign a {S} {r} to a collaborator.' },
      ],
      [
        'pull_request',
        'pull requests',
        {
          title: 'Title of the pull request',
          head: 'Branch with the changes',
          base: 'Branch to merge into',
          draft: 'Open as a draft',
        },
        {
          merge: 'Merge an approved {r} into its base branch on {S}.',
          request_review: 'Ask reviewers to review a {S} {r}.',
        },
      ],
      [
        'branch',
        'branches',
        { branch: 'Branch name', from: 'Commit SHA or branch to start from' },
        { protect: 'Turn on branch protection rules for a {S} {r}.' },
      ],
      [
        'commit',
        'commits',
        { sha: 'Commit SHA', path: 'Only commits touching this path' },
        { compare: 'Compare two {rp} and show the diff on {S}.' },
      ],
      ['release', 'releases', { tag: 'Git tag of the release', notes: 'Release notes in Markdown' }, {}],
      ['webhook', 'webhooks', { url: 'Payload URL', events: 'Events that trigger the hook' }, {}],
      [
        'workflow_run',
        'workflow runs',
        { workflow: 'Workflow file name', ref: 'Git ref to run on' },
        { rerun: 'Re-run a failed CI {r} on {S}.' },
      ],
      ['label', 'labels', { color: 'Hex color', description: 'What the label means' }, {}],
    ],
  },
  chat: {
    scope: ['channel', 'Channel ID or name'],
    services: [
      ['slack', 'Slack'],
      ['discord', 'Discord'],
      ['teams', 'Microsoft Teams'],
      ['mattermost', 'Mattermost'],
      ['telegram', 'Telegram'],
      ['zulip', 'Zulip'],
      ['rocket_chat', 'Rocket.Chat'],
      ['webex', 'Webex'],
    ],
    resources: [
      [
        'message',
        'messages',
        { text: 'Message text (Markdown)', thread: 'Reply in this thread' },
        { send: 'Send a {r} to a {S} channel or direct conversation.', pin: 'Pin a {r} in a {S} channel.' },
      ],
      [
        'channel',
        'channels',
        { topic: 'Channel topic', private: 'Create as private' },
        { invite: 'Invite people to a {S} {r}.', archive: 'Archive a {S} {r} nobody uses any more.' },
      ],
      ['reaction', 'reactions', { emoji: 'Emoji name, e.g. thumbsup' }, {}],
      [
        'user',
        'users',
        { email: 'Email address of the user', status: 'Status text' },
        { set_status: 'Set the status text and emoji of a {S} {r}.' },
      ],
      ['reminder', 'reminders', { when: 'When to remind, e.g. "tomorrow at 9am"' }, {}],
      [
        'file',
        'files',
        { filename: 'File name', content: 'File contents' },
        { upload: 'Upload a {r} to a {S} channel.' },
      ],
    ],
  },
  tracker: {
    scope: ['project', 'Project key or ID'],
    services: [
      ['jira', 'Jira', { task: 'issue' }],
      ['linear', 'Linear', { task: 'issue' }],
      ['asana', 'Asana'],
      ['trello', 'Trello', { task: 'card', board: 'board' }],
      ['clickup', 'ClickUp'],
      ['monday', 'monday.com'],
      ['youtrack', 'YouTrack', { task: 'issue' }],
      ['shortcut', 'Shortcut'],
      ['basecamp', 'Basecamp'],
      ['wrike', 'Wrike'],
    ],
    resources: [
      [
        'task',
        'tasks',
        {
          summary: 'One-line summary',
          description: 'Details',
          assignee: 'Assignee',
          due_date: 'Due date (YYYY-MM-DD)',
          priority: 'Priority level',
        },
        {
          transition: 'Move a {S} {r} to another workflow status (e.g. In Progress, Done).',
          assign: 'Assign a {S} {r} to someone.',
        },
      ],
      ['project', 'projects', { name: 'Project name', lead: 'Project lead' }, {}],
      [
        'sprint',
        'sprints',
        { goal: 'Sprint goal', start: 'Start date', end: 'End date' },
        { close: 'Complete the active {r} in {S}.' },
      ],
      ['comment', 'comments', { body: 'Comment text', task: 'Task it belongs to' }, {}],
      ['board', 'boards', { columns: 'Column names' }, {}],
      ['attachment', 'attachments', { filename: 'File name', task: 'Task to attach to' }, {}],
      [
        'time_entry',
        'time entries',
        { hours: 'Hours spent', task: 'Task worked on' },
        { log: 'Log hours worked on a task in {S}.' },
      ],
    ],
  },
  payments: {
    scope: ['account', 'Connected account ID'],
    services: [
      ['stripe', 'Stripe'],
      ['paypal', 'PayPal'],
      ['square', 'Square'],
      ['adyen', 'Adyen'],
      ['braintree', 'Braintree'],
      ['mollie', 'Mollie'],
      ['razorpay', 'Razorpay'],
    ],
    resources: [
      ['customer', 'customers', { email: 'Customer email', name: 'Full name', phone: 'Phone number' }, {}],
      [
        'charge',
        'charges',
        {
          amount: 'Amount in the smallest currency unit',
          currency: 'ISO 4217 currency code',
          customer: 'Customer ID',
          source: 'Card or payment method',
        },
        { capture: 'Capture an authorized {r} on {S}.' },
      ],
      [
        'refund',
        'refunds',
        { charge: 'Charge to refund', amount: 'Amount to refund (default: all)', reason: 'Refund reason' },
        {},
      ],
      [
        'invoice',
        'invoices',
        { customer: 'Customer ID', items: 'Line items', due_date: 'Payment due date' },
        { finalize: 'Finalize a draft {S} {r} so it can be paid.', void: 'Void an open {S} {r}.' },
      ],
      [
        'subscription',
        'subscriptions',
        { customer: 'Customer ID', price: 'Price ID of the plan', trial_days: 'Trial length in days' },
        { cancel: 'Cancel a {S} {r} at period end or now.' },
      ],
      ['payout', 'payouts', { amount: 'Amount to pay out', destination: 'Bank account' }, {}],
      [
        'dispute',
        'disputes',
        { evidence: 'Evidence text and files' },
        { respond: 'Submit evidence for a chargeback {r} on {S}.' },
      ],
      ['coupon', 'coupons', { percent_off: 'Discount percentage', duration: 'once, repeating or forever' }, {}],
    ],
  },
  mail: {
    scope: ['mailbox', 'Mailbox or account address'],
    services: [
      ['gmail', 'Gmail'],
      ['outlook', 'Outlook'],
      ['fastmail', 'Fastmail'],
      ['protonmail', 'Proton Mail'],
      ['yahoo_mail', 'Yahoo Mail'],
    ],
    resources: [
      [
        'email',
        'emails',
        { to: 'Recipient addresses', subject: 'Subject line', body: 'Body text', cc: 'CC addresses' },
        {
          send: 'Send an {r} from the {S} mailbox.',
          reply: 'Reply to an {r} thread in {S}.',
          forward: 'Forward an {r} to other recipients ({S}).',
          mark_read: 'Mark {S} {rp} as read.',
        },
      ],
      ['draft', 'drafts', { to: 'Recipients', subject: 'Subject', body: 'Body' }, {}],
      ['label', 'labels', { name: 'Label name' }, {}],
      ['contact', 'contacts', { email: 'Email address', name: 'Display name' }, {}],
      ['filter', 'filters', { from: 'Sender to match', action: 'What to do with matching mail' }, {}],
    ],
  },
  marketing: {
    scope: ['audience', 'Audience or list ID'],
    services: [
      ['mailchimp', 'Mailchimp'],
      ['sendgrid', 'SendGrid'],
      ['klaviyo', 'Klaviyo'],
      ['brevo', 'Brevo'],
    ],
    resources: [
      [
        'campaign',
        'campaigns',
        { subject: 'Subject line', content: 'HTML content', send_at: 'When to send' },
        { send: 'Send a newsletter {r} to its audience on {S}.', schedule: 'Schedule a {S} {r} for later.' },
      ],
      [
        'subscriber',
        'subscribers',
        { email: 'Subscriber email', tags: 'Tags' },
        { unsubscribe: 'Unsubscribe an address from a {S} mailing list.' },
      ],
      ['template', 'templates', { html: 'Template HTML' }, {}],
      ['segment', 'segments', { conditions: 'Who belongs to the segment' }, {}],
    ],
  },
  calendar: {
    scope: ['calendar', 'Calendar ID'],
    services: [
      ['google_calendar', 'Google Calendar'],
      ['outlook_calendar', 'Outlook Calendar'],
      ['calendly', 'Calendly'],
      ['cal_com', 'Cal.com'],
      ['apple_calendar', 'Apple Calendar'],
    ],
    resources: [
      [
        'event',
        'events',
        {
          title: 'Event title',
          start: 'Start time (ISO 8601)',
          end: 'End time',
          attendees: 'Guest email addresses',
          location: 'Where it happens',
        },
        { rsvp: 'Accept or decline an {r} invitation in {S}.', reschedule: 'Move an {r} to another time in {S}.' },
      ],
      ['calendar', 'calendars', { name: 'Calendar name', timezone: 'IANA time zone' }, {}],
      [
        'availability',
        'availability',
        { from: 'Range start', to: 'Range end', attendees: 'People to check' },
        { find_slot: 'Find a free time slot when everyone is available ({S}).' },
      ],
      ['reminder', 'reminders', { minutes_before: 'Minutes before the event' }, {}],
    ],
  },
  storage: {
    scope: ['folder', 'Parent folder path or ID'],
    services: [
      ['dropbox', 'Dropbox'],
      ['google_drive', 'Google Drive'],
      ['onedrive', 'OneDrive'],
      ['box', 'Box'],
      ['s3', 'Amazon S3'],
      ['pcloud', 'pCloud'],
      ['backblaze_b2', 'Backblaze B2'],
    ],
    resources: [
      [
        'file',
        'files',
        { path: 'File path', content: 'File contents (base64)' },
        {
          upload: 'Upload a {r} to {S}.',
          download: 'Download a {r} from {S}.',
          move: 'Move or rename a {r} in {S}.',
          share: 'Create a sharing link for a {S} {r}.',
        },
      ],
      ['folder', 'folders', { path: 'Folder path' }, {}],
      ['permission', 'permissions', { email: 'Who gets access', role: 'viewer, commenter or editor' }, {}],
      [
        'revision',
        'revisions',
        { file: 'File the revision belongs to' },
        { restore: 'Restore an older {r} of a file in {S}.' },
      ],
    ],
  },
  crm: {
    scope: ['owner', 'Owning sales rep'],
    services: [
      ['salesforce', 'Salesforce'],
      ['hubspot', 'HubSpot'],
      ['pipedrive', 'Pipedrive'],
      ['zoho_crm', 'Zoho CRM'],
      ['close', 'Close'],
      ['copper', 'Copper'],
    ],
    resources: [
      [
        'contact',
        'contacts',
        { email: 'Email', first_name: 'First name', last_name: 'Last name', company: 'Company' },
        {},
      ],
      [
        'lead',
        'leads',
        { email: 'Email', source: 'Where the lead came from', status: 'Lead status' },
        { convert: 'Convert a qualified {r} into a contact and deal in {S}.' },
      ],
      [
        'deal',
        'deals',
        { amount: 'Deal value', stage: 'Pipeline stage', close_date: 'Expected close date' },
        { move_stage: 'Move a {S} {r} to another pipeline stage.' },
      ],
      ['company', 'companies', { domain: 'Company website domain', industry: 'Industry' }, {}],
      ['note', 'notes', { body: 'Note text', record: 'Record it is attached to' }, {}],
      [
        'activity',
        'activities',
        { type: 'call, meeting or email', due: 'Due date' },
        { log_call: 'Log a phone call with a contact in {S}.' },
      ],
    ],
  },
  shop: {
    scope: ['store', 'Store ID'],
    services: [
      ['shopify', 'Shopify'],
      ['woocommerce', 'WooCommerce'],
      ['bigcommerce', 'BigCommerce'],
      ['magento', 'Magento'],
      ['ecwid', 'Ecwid'],
    ],
    resources: [
      [
        'product',
        'products',
        { title: 'Product title', price: 'Price', sku: 'SKU', description: 'Product description' },
        {},
      ],
      [
        'order',
        'orders',
        { customer: 'Customer', items: 'Line items', shipping_address: 'Shipping address' },
        {
          fulfill: 'Mark a {S} {r} as shipped with tracking number.',
          refund: 'Refund all or part of a {S} {r}.',
          cancel: 'Cancel a {S} {r}.',
        },
      ],
      ['customer', 'customers', { email: 'Email', name: 'Name' }, {}],
      [
        'inventory',
        'inventory levels',
        { sku: 'SKU', quantity: 'Units in stock', location: 'Warehouse' },
        { adjust: 'Adjust stock quantity of a product in {S}.' },
      ],
      ['discount_code', 'discount codes', { code: 'Code customers type', percent: 'Percent off' }, {}],
      ['collection', 'collections', { title: 'Collection title' }, {}],
    ],
  },
  cloud: {
    scope: ['region', 'Region, e.g. us-east-1'],
    services: [
      ['aws_ec2', 'AWS EC2'],
      ['gcp_compute', 'Google Compute Engine'],
      ['azure_vm', 'Azure Virtual Machines'],
      ['digitalocean', 'DigitalOcean'],
      ['hetzner', 'Hetzner Cloud'],
      ['linode', 'Linode'],
      ['vultr', 'Vultr'],
    ],
    resources: [
      [
        'instance',
        'instances',
        { type: 'Instance type / size', image: 'OS image', ssh_key: 'SSH key name' },
        {
          reboot: 'Reboot a {S} {r}.',
          stop: 'Stop (shut down) a running {S} {r}.',
          start: 'Start a stopped {S} {r}.',
          resize: 'Change the size of a {S} {r}.',
        },
      ],
      [
        'volume',
        'volumes',
        { size_gb: 'Size in GB', instance: 'Instance to attach to' },
        { attach: 'Attach a disk {r} to an instance ({S}).' },
      ],
      ['snapshot', 'snapshots', { volume: 'Volume to snapshot' }, {}],
      ['firewall_rule', 'firewall rules', { port: 'Port or range', source: 'Allowed CIDR' }, {}],
      ['load_balancer', 'load balancers', { targets: 'Backend instances' }, {}],
      ['dns_record', 'DNS records', { type: 'A, AAAA, CNAME, TXT…', value: 'Record value', ttl: 'TTL in seconds' }, {}],
    ],
  },
  database: {
    scope: ['database', 'Database name'],
    services: [
      ['postgres', 'PostgreSQL'],
      ['mysql', 'MySQL'],
      ['mongodb', 'MongoDB'],
      ['bigquery', 'BigQuery'],
      ['snowflake', 'Snowflake'],
      ['redshift', 'Amazon Redshift'],
      ['supabase', 'Supabase'],
    ],
    resources: [
      [
        'table',
        'tables',
        { columns: 'Column definitions', table: 'Table name' },
        { describe: 'Show the columns and types of a {S} {r}.' },
      ],
      [
        'query',
        'queries',
        { sql: 'SQL statement' },
        { run: 'Run a SQL {r} against {S} and return rows.', explain: 'Show the execution plan of a {S} {r}.' },
      ],
      ['row', 'rows', { table: 'Table name', values: 'Column values' }, {}],
      ['index', 'indexes', { table: 'Table', columns: 'Indexed columns' }, {}],
      ['backup', 'backups', { label: 'Backup label' }, { restore: 'Restore a {S} database from a {r}.' }],
    ],
  },
  docs: {
    scope: ['workspace', 'Workspace or space ID'],
    services: [
      ['notion', 'Notion'],
      ['confluence', 'Confluence'],
      ['google_docs', 'Google Docs'],
      ['coda', 'Coda'],
      ['dropbox_paper', 'Dropbox Paper'],
    ],
    resources: [
      [
        'page',
        'pages',
        { title: 'Page title', content: 'Page content (Markdown)', parent: 'Parent page' },
        { export_pdf: 'Export a {S} {r} as PDF.' },
      ],
      ['database', 'databases', { title: 'Database title', properties: 'Column schema' }, {}],
      ['comment', 'comments', { body: 'Comment text', page: 'Page' }, {}],
      ['template', 'templates', { name: 'Template name' }, {}],
    ],
  },
  social: {
    scope: ['profile', 'Profile or page handle'],
    services: [
      ['twitter', 'X (Twitter)'],
      ['linkedin', 'LinkedIn'],
      ['facebook', 'Facebook'],
      ['instagram', 'Instagram'],
      ['mastodon', 'Mastodon'],
      ['reddit', 'Reddit'],
      ['bluesky', 'Bluesky'],
      ['tiktok', 'TikTok'],
    ],
    resources: [
      [
        'post',
        'posts',
        { text: 'Post text', media: 'Media to attach', scheduled_at: 'Publish later at' },
        { like: 'Like a {S} {r}.', repost: "Share someone else's {r} on {S}." },
      ],
      ['comment', 'comments', { text: 'Comment text', post: 'Post' }, {}],
      [
        'follower',
        'followers',
        { handle: 'Account handle' },
        { follow: 'Follow an account on {S}.', block: 'Block an account on {S}.' },
      ],
      ['direct_message', 'direct messages', { to: 'Recipient handle', text: 'Message text' }, {}],
      ['analytics', 'analytics', { from: 'Start date', to: 'End date' }, {}],
    ],
  },
  media: {
    scope: ['library', 'Library or account'],
    services: [
      ['spotify', 'Spotify'],
      ['youtube', 'YouTube'],
      ['soundcloud', 'SoundCloud'],
      ['vimeo', 'Vimeo'],
      ['apple_music', 'Apple Music'],
      ['twitch', 'Twitch'],
    ],
    resources: [
      ['track', 'tracks', { title: 'Title', artist: 'Artist' }, { play: 'Play a {r} on {S}.' }],
      [
        'playlist',
        'playlists',
        { name: 'Playlist name', tracks: 'Tracks to add' },
        { add_items: 'Add songs or videos to a {S} {r}.' },
      ],
      [
        'video',
        'videos',
        { title: 'Title', file: 'Video file', privacy: 'public, unlisted or private' },
        { upload: 'Upload a {r} to {S}.' },
      ],
      ['channel', 'channels', { handle: 'Channel handle' }, { subscribe: 'Subscribe to a {S} {r}.' }],
      ['comment', 'comments', { text: 'Comment text' }, {}],
    ],
  },
  support: {
    scope: ['brand', 'Brand or help center'],
    services: [
      ['zendesk', 'Zendesk'],
      ['intercom', 'Intercom'],
      ['freshdesk', 'Freshdesk'],
      ['help_scout', 'Help Scout'],
      ['front', 'Front'],
      ['kustomer', 'Kustomer'],
    ],
    resources: [
      [
        'ticket',
        'support tickets',
        {
          subject: 'Subject',
          description: "Customer's problem",
          requester: 'Requester email',
          priority: 'low, normal, high, urgent',
        },
        {
          escalate: 'Escalate a {S} support {r} to tier 2.',
          merge: 'Merge duplicate {S} {rp}.',
          solve: 'Mark a {S} support {r} as solved.',
        },
      ],
      ['conversation', 'conversations', { body: 'Message body' }, { reply: 'Reply to a customer {r} in {S}.' }],
      ['article', 'help center articles', { title: 'Article title', body: 'Article body' }, {}],
      ['macro', 'macros', { actions: 'What the macro does' }, {}],
      ['agent', 'agents', { email: 'Agent email', role: 'Agent role' }, {}],
    ],
  },
  hr: {
    scope: ['company', 'Company ID'],
    services: [
      ['bamboohr', 'BambooHR'],
      ['workday', 'Workday'],
      ['gusto', 'Gusto'],
      ['personio', 'Personio'],
      ['rippling', 'Rippling'],
      ['hibob', 'HiBob'],
    ],
    resources: [
      [
        'employee',
        'employees',
        {
          first_name: 'First name',
          last_name: 'Last name',
          email: 'Work email',
          department: 'Department',
          start_date: 'Start date',
        },
        { terminate: 'Offboard an {r} who leaves the company ({S}).' },
      ],
      [
        'time_off_request',
        'time off requests',
        { employee: 'Employee', from: 'First day', to: 'Last day', type: 'vacation, sick, parental' },
        { approve: "Approve an employee's {r} in {S}." },
      ],
      ['payroll_run', 'payroll runs', { period: 'Pay period' }, { submit: 'Submit a {r} for processing in {S}.' }],
      ['job_posting', 'job postings', { title: 'Job title', location: 'Office or remote' }, {}],
      [
        'candidate',
        'candidates',
        { name: 'Candidate name', resume: 'Resume URL' },
        { advance: 'Move a job {r} to the next interview stage ({S}).' },
      ],
    ],
  },
  monitoring: {
    scope: ['service', 'Service name'],
    services: [
      ['datadog', 'Datadog'],
      ['pagerduty', 'PagerDuty'],
      ['sentry', 'Sentry'],
      ['grafana', 'Grafana'],
      ['opsgenie', 'Opsgenie'],
      ['new_relic', 'New Relic'],
      ['splunk', 'Splunk'],
    ],
    resources: [
      [
        'alert',
        'alerts',
        { severity: 'critical, warning, info', message: 'Alert text' },
        {
          acknowledge: 'Acknowledge an {r} so on-call knows someone is on it ({S}).',
          snooze: 'Mute an {r} for a while in {S}.',
        },
      ],
      [
        'incident',
        'incidents',
        { title: 'Incident title', severity: 'SEV level', commander: 'Incident commander' },
        { resolve: 'Resolve an {r} in {S}.' },
      ],
      ['monitor', 'monitors', { query: 'Metric query', threshold: 'Alert threshold' }, { mute: 'Silence a {S} {r}.' }],
      ['dashboard', 'dashboards', { title: 'Title', widgets: 'Widgets' }, {}],
      [
        'on_call_schedule',
        'on-call schedules',
        { rotation: 'Rotation members' },
        { who_is_on_call: 'Show who is on call right now in {S}.' },
      ],
      ['error_event', 'error events', { project: 'Project', level: 'error or warning' }, {}],
    ],
  },
  ci: {
    scope: ['project', 'Project or site'],
    services: [
      ['circleci', 'CircleCI'],
      ['jenkins', 'Jenkins'],
      ['vercel', 'Vercel'],
      ['netlify', 'Netlify'],
      ['buildkite', 'Buildkite'],
      ['travis_ci', 'Travis CI'],
    ],
    resources: [
      [
        'build',
        'builds',
        { branch: 'Branch to build', commit: 'Commit SHA' },
        { retry: 'Retry a failed {r} on {S}.', logs: 'Fetch the log output of a {S} {r}.' },
      ],
      [
        'deployment',
        'deployments',
        { environment: 'production or preview', ref: 'Git ref' },
        { rollback: 'Roll back to a previous {r} on {S}.', promote: 'Promote a preview {r} to production ({S}).' },
      ],
      [
        'environment_variable',
        'environment variables',
        { key: 'Variable name', value: 'Value', target: 'Environments' },
        {},
      ],
      ['domain', 'domains', { domain: 'Domain name' }, {}],
    ],
  },
  accounting: {
    scope: ['company', 'Company file'],
    services: [
      ['quickbooks', 'QuickBooks'],
      ['xero', 'Xero'],
      ['freshbooks', 'FreshBooks'],
      ['wave', 'Wave'],
      ['sage', 'Sage'],
    ],
    resources: [
      [
        'invoice',
        'invoices',
        { customer: 'Customer', lines: 'Line items', due_date: 'Due date' },
        { send: 'Email an {r} to the customer ({S}).' },
      ],
      ['expense', 'expenses', { amount: 'Amount', category: 'Expense category', receipt: 'Receipt image' }, {}],
      [
        'bill',
        'bills',
        { vendor: 'Vendor', amount: 'Amount', due_date: 'Due date' },
        { pay: 'Record a payment of a vendor {r} in {S}.' },
      ],
      ['vendor', 'vendors', { name: 'Vendor name', email: 'Email' }, {}],
      [
        'report',
        'financial reports',
        { type: 'profit_and_loss, balance_sheet, cash_flow', from: 'From', to: 'To' },
        {},
      ],
    ],
  },
  travel: {
    scope: ['traveler', 'Traveler profile'],
    services: [
      ['amadeus', 'Amadeus'],
      ['booking', 'Booking.com'],
      ['expedia', 'Expedia'],
      ['airbnb', 'Airbnb'],
      ['uber', 'Uber'],
      ['lyft', 'Lyft'],
      ['kayak', 'KAYAK'],
    ],
    resources: [
      [
        'flight',
        'flights',
        {
          origin: 'Departure airport (IATA)',
          destination: 'Arrival airport',
          date: 'Departure date',
          passengers: 'Number of passengers',
        },
        { check_in: 'Check in online for a {r} on {S}.' },
      ],
      [
        'hotel',
        'hotels',
        { city: 'City', check_in: 'Check-in date', nights: 'Number of nights', guests: 'Guests' },
        {},
      ],
      ['reservation', 'reservations', { confirmation: 'Confirmation number' }, { cancel: 'Cancel a {S} {r}.' }],
      [
        'ride',
        'rides',
        { pickup: 'Pickup address', dropoff: 'Drop-off address' },
        { estimate: 'Estimate the price and arrival time of a {r} ({S}).' },
      ],
    ],
  },
  sms: {
    scope: ['sender', 'Sender number or ID'],
    services: [
      ['twilio', 'Twilio'],
      ['vonage', 'Vonage'],
      ['messagebird', 'MessageBird'],
      ['plivo', 'Plivo'],
      ['sinch', 'Sinch'],
    ],
    resources: [
      [
        'sms',
        'SMS messages',
        { to: 'Recipient phone number (E.164)', body: 'Message text' },
        { send: 'Send an {r} text message to a phone number via {S}.' },
      ],
      [
        'call',
        'phone calls',
        { to: 'Number to call', script: 'What to say (TwiML or text)' },
        { place: 'Place an outbound phone {r} via {S}.' },
      ],
      ['phone_number', 'phone numbers', { area_code: 'Area code' }, { buy: 'Buy a new {r} on {S}.' }],
      ['recording', 'call recordings', { call: 'Call ID' }, { transcribe: 'Transcribe a call {r} to text ({S}).' }],
      [
        'verification',
        'verifications',
        { to: 'Phone or email to verify', code: 'The code received' },
        { check: 'Check a one-time passcode {r} ({S}).' },
      ],
    ],
  },
  analytics: {
    scope: ['property', 'Property or project ID'],
    services: [
      ['google_analytics', 'Google Analytics'],
      ['mixpanel', 'Mixpanel'],
      ['amplitude', 'Amplitude'],
      ['posthog', 'PostHog'],
      ['plausible', 'Plausible'],
      ['heap', 'Heap'],
    ],
    resources: [
      [
        'report',
        'reports',
        {
          metrics: 'Metrics, e.g. sessions, pageviews',
          dimensions: 'Breakdowns, e.g. country',
          from: 'Start date',
          to: 'End date',
        },
        { run: 'Run an analytics {r} over a date range ({S}).' },
      ],
      [
        'event',
        'tracked events',
        { event: 'Event name', properties: 'Event properties' },
        { track: 'Track a product {r} in {S}.' },
      ],
      ['funnel', 'funnels', { steps: 'Funnel steps' }, {}],
      ['cohort', 'cohorts', { definition: 'Who is in the cohort' }, {}],
      [
        'feature_flag',
        'feature flags',
        { key: 'Flag key', rollout: 'Rollout percentage' },
        { toggle: 'Turn a {r} on or off in {S}.' },
      ],
    ],
  },
}

// Per action: description variants (picked deterministically) and parameters.
const ACTIONS = {
  create: ['Create a new {r} in {S}.', 'Create a {S} {r} with the given fields.', 'Add a {r} to {S}.'],
  get: ['Get a {S} {r} by its ID.', 'Get the details of one {r} from {S}.', 'Retrieve a single {S} {r}.'],
  list: [
    'List {rp} in {S}, newest first, with pagination.',
    'List the {rp} of a {S} {scope}, filtered and paginated.',
    'List {S} {rp}.',
  ],
  update: [
    'Update an existing {S} {r}.',
    'Update fields of a {r} in {S}; fields not given stay as they are.',
    'Edit a {S} {r}.',
  ],
  delete: ['Delete a {r} from {S}.', 'Permanently delete a {S} {r}.', 'Delete the {S} {r} with the given ID.'],
  search: ['Search {S} {rp} by keyword.', 'Full-text search over {rp} in {S}.', 'Search {rp} in {S} matching a query.'],
}

// Single tools that are not one service's CRUD: the everyday utilities an agent carries.
const UTILITIES = [
  [
    'weather_current',
    'weather',
    'Current weather conditions (temperature, wind, humidity) for a city or coordinates.',
    { location: 'City name or "lat,lon"', units: 'metric or imperial' },
  ],
  [
    'weather_forecast',
    'weather',
    'Hourly and daily weather forecast for the next 7 days at a location.',
    { location: 'City name or "lat,lon"', days: 'How many days ahead' },
  ],
  [
    'currency_convert',
    'finance',
    "Convert an amount between currencies at today's exchange rate.",
    { amount: 'Amount', from: 'ISO 4217 source currency', to: 'ISO 4217 target currency' },
  ],
  [
    'stock_quote',
    'finance',
    'Latest price, change and volume of a stock ticker symbol.',
    { symbol: 'Ticker symbol, e.g. AAPL' },
  ],
  [
    'crypto_price',
    'finance',
    'Current price of a cryptocurrency such as BTC or ETH in a fiat currency.',
    { coin: 'Coin symbol', currency: 'Fiat currency' },
  ],
  [
    'translate_text',
    'language',
    'Translate text into another language, detecting the source language.',
    { text: 'Text to translate', target_language: 'Target language code, e.g. de' },
  ],
  ['detect_language', 'language', 'Detect which language a piece of text is written in.', { text: 'Text' }],
  [
    'spell_check',
    'language',
    'Find spelling and grammar mistakes in a text and suggest corrections.',
    { text: 'Text to check' },
  ],
  [
    'dictionary_define',
    'language',
    'Definitions, pronunciation and example sentences of an English word.',
    { word: 'Word to define' },
  ],
  ['thesaurus_synonyms', 'language', 'Synonyms and antonyms of a word.', { word: 'Word' }],
  [
    'maps_geocode',
    'maps',
    'Turn a street address into latitude and longitude coordinates.',
    { address: 'Street address' },
  ],
  [
    'maps_reverse_geocode',
    'maps',
    'Turn latitude and longitude into the nearest street address.',
    { lat: 'Latitude', lon: 'Longitude' },
  ],
  [
    'maps_directions',
    'maps',
    'Driving, walking or transit directions and travel time between two places.',
    { origin: 'Start', destination: 'End', mode: 'driving, walking, transit, bicycling' },
  ],
  [
    'maps_nearby_places',
    'maps',
    'Places of a kind (restaurants, pharmacies, gas stations…) near a location.',
    { location: 'Where', kind: 'Kind of place', radius_m: 'Search radius in meters' },
  ],
  [
    'timezone_convert',
    'time',
    'Convert a date and time from one time zone to another.',
    { time: 'Date and time', from_zone: 'IANA zone', to_zone: 'IANA zone' },
  ],
  ['world_clock', 'time', 'Current local time in a city or time zone.', { city: 'City or IANA zone' }],
  [
    'public_holidays',
    'time',
    'Public holidays of a country in a given year.',
    { country: 'ISO country code', year: 'Year' },
  ],
  [
    'calculator_evaluate',
    'math',
    'Evaluate an arithmetic expression exactly (fractions, powers, percentages).',
    { expression: 'Expression, e.g. (3+4)*12%' },
  ],
  [
    'unit_convert',
    'math',
    'Convert a quantity between units of length, weight, volume or temperature.',
    { value: 'Number', from_unit: 'Unit', to_unit: 'Unit' },
  ],
  [
    'news_headlines',
    'news',
    'Top news headlines by country and topic.',
    { country: 'Country code', topic: 'business, tech, sports…' },
  ],
  ['wikipedia_summary', 'knowledge', 'Short summary of a Wikipedia article on a topic.', { topic: 'Article title' }],
  [
    'web_search',
    'knowledge',
    'Search the public web and return the top results with titles, links and snippets.',
    { query: 'Search terms', count: 'Number of results' },
  ],
  ['fetch_url', 'knowledge', 'Download a web page and return its readable text.', { url: 'Page URL' }],
  [
    'qr_code_generate',
    'utility',
    'Make a QR code image that encodes a link or text.',
    { data: 'Text or URL to encode', size: 'Pixels' },
  ],
  ['url_shorten', 'utility', 'Shorten a long link into a short URL.', { url: 'Long URL' }],
  [
    'password_generate',
    'utility',
    'Generate a strong random password.',
    { length: 'Length', symbols: 'Include symbols' },
  ],
  ['uuid_generate', 'utility', 'Generate one or more random UUIDs.', { count: 'How many' }],
  [
    'hash_text',
    'utility',
    'Compute the SHA-256, SHA-1 or MD5 hash of a text.',
    { text: 'Input', algorithm: 'sha256, sha1, md5' },
  ],
  [
    'image_resize',
    'images',
    'Resize or crop a picture to given dimensions.',
    { image_url: 'Image', width: 'Width in px', height: 'Height in px' },
  ],
  ['image_generate', 'images', 'Generate an image from a text prompt.', { prompt: 'What to draw', style: 'Art style' }],
  ['image_ocr', 'images', 'Extract the text from a photo or scanned document (OCR).', { image_url: 'Image' }],
  ['pdf_extract_text', 'documents', 'Extract the text content of a PDF file.', { url: 'PDF URL' }],
  ['pdf_merge', 'documents', 'Combine several PDF files into one.', { urls: 'PDF URLs in order' }],
  [
    'text_summarize',
    'language',
    'Summarize a long text into a few sentences.',
    { text: 'Text', sentences: 'Length of the summary' },
  ],
  ['sentiment_analyze', 'language', 'Tell whether a text is positive, negative or neutral.', { text: 'Text' }],
  ['speech_to_text', 'audio', 'Transcribe an audio recording to text.', { audio_url: 'Audio file' }],
  [
    'text_to_speech',
    'audio',
    'Read a text aloud: returns an audio file of synthesized speech.',
    { text: 'Text', voice: 'Voice name' },
  ],
  [
    'flight_status',
    'travel',
    'Live status of a flight by flight number: delays, gate, arrival time.',
    { flight_number: 'e.g. LH400', date: 'Date' },
  ],
  [
    'package_tracking',
    'shipping',
    'Track a parcel by its tracking number across carriers (UPS, FedEx, DHL).',
    { tracking_number: 'Tracking number' },
  ],
  ['nutrition_facts', 'health', 'Calories and nutrients of a food or recipe.', { food: 'Food and amount' }],
  [
    'recipe_search',
    'food',
    'Find cooking recipes by ingredients or dish name.',
    { ingredients: 'Ingredients at hand', diet: 'vegetarian, vegan…' },
  ],
  [
    'movie_showtimes',
    'entertainment',
    'Cinema showtimes for a movie near a location.',
    { movie: 'Movie title', location: 'City' },
  ],
  [
    'sports_scores',
    'entertainment',
    'Latest scores and schedule of a sports league or team.',
    { team: 'Team or league' },
  ],
  ['ip_lookup', 'network', 'Country, city and network owner of an IP address.', { ip: 'IPv4 or IPv6 address' }],
  [
    'dns_lookup',
    'network',
    'Resolve the DNS records (A, MX, TXT…) of a domain.',
    { domain: 'Domain', type: 'Record type' },
  ],
  ['whois_lookup', 'network', 'Registration details (registrar, expiry date) of a domain name.', { domain: 'Domain' }],
  [
    'ssl_certificate_check',
    'network',
    'Check the TLS certificate of a website: issuer and expiry.',
    { host: 'Host name' },
  ],
  ['website_uptime_check', 'network', 'Check whether a website responds and how fast.', { url: 'URL' }],
]

/** FNV-1a: a deterministic pick per tool. */
function hash(text) {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

const fill = (template, { r, rp, S, scope }) =>
  template.replaceAll('{rp}', rp).replaceAll('{r}', r).replaceAll('{S}', S).replaceAll('{scope}', scope)

const prop = (description, type = 'string') => ({ type, description })
const human = id => id.replaceAll('_', ' ')

function crudTool(serviceId, S, category, [res, plural, fields, _extras], action, template) {
  const [scopeName, scopeText] = category.scope
  const words = { r: human(res), rp: plural, S, scope: human(scopeName) }
  const name = `${serviceId}_${action}_${res}`
  const description = fill(template ?? ACTIONS[action][hash(name) % ACTIONS[action].length], words)
  const id = `${res}_id`
  const fieldProps = Object.fromEntries(Object.entries(fields).map(([k, d]) => [k, prop(d)]))
  let properties
  let required
  if (action == 'create')
    [properties, required] = [{ [scopeName]: prop(scopeText), ...fieldProps }, Object.keys(fields).slice(0, 1)]
  else if (action == 'list')
    [properties, required] = [
      {
        [scopeName]: prop(scopeText),
        limit: prop('Maximum results', 'integer'),
        cursor: prop('Page cursor from the previous call'),
      },
      [],
    ]
  else if (action == 'update') [properties, required] = [{ [id]: prop(`ID of the ${human(res)}`), ...fieldProps }, [id]]
  else if (action == 'search')
    [properties, required] = [{ query: prop('Keywords'), limit: prop('Maximum results', 'integer') }, ['query']]
  else if (action in ACTIONS) [properties, required] = [{ [id]: prop(`ID of the ${human(res)}`) }, [id]]
  else [properties, required] = [{ [id]: prop(`ID of the ${human(res)}`), ...fieldProps }, [id]]
  return { name, toolset: serviceId, description, parameters: { type: 'object', properties, required } }
}

let cached

/** The 5000 tools: `{ name, toolset, description, parameters }`, utilities first, then each service. */
export function catalogue() {
  if (cached) return cached
  const tools = UTILITIES.map(([name, toolset, description, params]) => ({
    name,
    toolset,
    description,
    parameters: {
      type: 'object',
      properties: Object.fromEntries(Object.entries(params).map(([k, d]) => [k, prop(d)])),
      required: [Object.keys(params)[0]],
    },
  }))
  // Round-robin over categories, one service at a time, so the cut at 5000 trims evenly.
  const queues = Object.values(CATEGORIES).map(c => c.services.map(s => [s, c]))
  for (let round = 0; queues.some(q => round < q.length); round++) {
    for (const q of queues) {
      if (round >= q.length) continue
      const [[serviceId, S, renames = {}], category] = q[round]
      for (const r of category.resources) {
        // Each service's own word for the resource (Jira has issues, Trello cards).
        const own = renames[r[0]]
        const resource = own ? [own, own + 's', r[2], r[3]] : r
        for (const action of Object.keys(ACTIONS)) tools.push(crudTool(serviceId, S, category, resource, action))
        for (const [action, template] of Object.entries(resource[3]))
          tools.push(crudTool(serviceId, S, category, resource, action, template))
      }
    }
  }
  if (tools.length < CATALOGUE_SIZE) throw new Error(`catalogue: only ${tools.length} tools`)
  cached = tools.slice(0, CATALOGUE_SIZE)
  return cached
}
