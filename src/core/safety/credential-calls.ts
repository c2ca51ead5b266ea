/**
 * Calls whose documented signature takes a password at a fixed argument position, for the secret
 * scanner: a string literal there is a credential written into the code, whatever it looks like
 * (`OpenDSObject("LDAP://dc/…", "CORP\\svc", "Pa55", 1)`, `DriverManager.getConnection(url, "sa",
 * "hunter2")`). The calls are those maintained scanners name for it — trufflehog's ldap detector
 * (ADSI's OpenDSObject), semgrep's hardcoded-secret rules (JDBC's DriverManager, Sequelize, SQL
 * connections), SonarJS's no-hardcoded-credentials (database and LDAP connections) — and the same
 * libraries' documented siblings; positions are from each API's own documentation, no rule's text
 * is copied. A variable in that position is code, not a secret, and is left alone.
 */

/** Zero-based position of the password argument, by function or constructor name. */
const CREDENTIAL_CALLS: Readonly<Record<1 | 2, readonly string[]>> = {
  // (user, password): .NET NetworkCredential, python-ldap's binds, requests' auth classes, Apache
  // HttpClient; `.login(user, password)` is ftplib's, smtplib's, imaplib's and poplib's.
  1: [
    'NetworkCredential',
    'simple_bind_s',
    'simple_bind',
    'bind_s',
    'HTTPBasicAuth',
    'HTTPDigestAuth',
    'UsernamePasswordCredentials',
    '\\.login',
  ],
  // (where, user, password): ADSI, System.DirectoryServices, JDBC, PHP's mysqli, PDO, ldap_bind
  // and ftp_login, Sequelize, PyMySQL and MySQLdb's positional connect.
  2: [
    'OpenDSObject',
    'DirectoryEntry',
    'getConnection',
    'mysqli_connect',
    'mysql_connect',
    'mysqli',
    'PDO',
    'ldap_bind',
    'ftp_login',
    'Sequelize',
    'pymysql\\.connect',
    'MySQLdb\\.connect',
  ],
};

// One argument: a quoted string, or anything else up to the next comma (a call inside included).
const ARGUMENT = String.raw`(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[^,()"'\n]+(?:\([^()\n]*\))?)`;

/**
 * Returns the pattern that finds a string literal at `position` in a call to one of the names
 * listed for it; group 2 is the literal's text (group 1 its quote). Never throws.
 */
export function credentialCallPattern(position: 1 | 2): RegExp {
  const names = CREDENTIAL_CALLS[position].join('|');
  const before = String.raw`\s*${ARGUMENT}\s*,`.repeat(position);
  return new RegExp(String.raw`\b(?:${names})\s*\(${before}\s*(["'])((?:(?!\1)[^\\\n]|\\.)+)\1\s*[,)]`, 'dgi');
}
