/**
 * The most used passwords of public breach corpora (the top of the well-known lists, those of six
 * characters or more, since shorter ones already fail the length rule). Small enough for the
 * browser bundle, so the form and the server give the same answer.
 */
const COMMON_PASSWORDS = new Set(
  `123456 123456789 12345678 1234567 1234567890 123123 111111 000000 654321 666666 121212 112233 123321
  123654 159753 147258 147258369 987654321 9876543210 0123456789 1234512345 11111111 88888888 12341234
  123123123 55555555 99999999 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx qwerty qwerty123 qwerty1 qwertyuiop
  qwe123 qweqwe asdfgh asdfghjkl zxcvbn zxcvbnm azerty qazwsx password password1 password12
  password123 password! passw0rd p@ssword p@ssw0rd pass1234 passwort motdepasse contraseña senha123
  iloveyou iloveyou1 abc123 abc1234 abcdef abcd1234 abcdefg a123456 a12345678 aa123456 123abc
  welcome welcome1 welcome123 letmein letmein1 monkey dragon master shadow sunshine princess football
  baseball soccer hockey michael charlie jordan23 superman batman trustno1 starwars freedom whatever
  qazwsxedc 1qazxsw2 zaq12wsx zaq1zaq1 killer hunter2 hunter computer internet secret secret123
  admin123 administrator admin1234 root123 changeme changeme123 default guest123 test123 test1234
  testing 111222 123qwe 123qweasd qwer1234 asd123 zxc123 lovely loveme flower purple orange yellow
  cookie chocolate cheese banana summer winter spring autumn august october november december
  january february mustang ferrari porsche liverpool chelsea arsenal barcelona pokemon naruto
  blink182 tinkerbell jessica ashley nicole daniel andrew joshua matthew jennifer michelle amanda
  samsung google apple123 1password mypassword pa55word access14 ginger biteme maggie buster
  jordan jackson thomas robert william mercedes 12qwaszx 1234qwer q1w2e3r4 q1w2e3r4t5 q1w2e3
  aaaaaa aaaaaaaa abcabc 112233445566 123456a 123456q 123456aa 1234561 7777777 777777 888888 999999
  987654 789456 789456123 456789 147852 159357 10203 102030 101010 202020 121314 131313 252525
  666999 696969 killer1 qwerty12 qwerty1234 qwertz asdasd asdf1234 zxcvbnm1 superman1 iloveu
  fuckyou fuckoff 1234abcd abc12345 letmein123 welcome1234 football1 monkey123 dragon123 sunshine1
  princess1 shadow123 master123 login123 hello123 hello1 helloworld`
    .split(/\s+/)
    .filter(Boolean),
);

/** True when the password, ignoring case, is one of the most common ones. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
