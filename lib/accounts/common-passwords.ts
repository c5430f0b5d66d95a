/**
 * Passwords refused at sign-up, reset and change: the ones that top every published list of
 * leaked passwords, and their Indian favourites. Only entries of 6 or more characters matter
 * (shorter ones fail the length rule); compared lower-cased, so "Password1" is refused too.
 */
const LIST = `
123456 1234567 12345678 123456789 1234567890 0123456789 987654321 9876543210 654321 7654321 87654321
111111 1111111 11111111 000000 0000000 00000000 222222 333333 444444 555555 666666 777777 888888 999999
121212 123123 123321 112233 123654 147258 159753 159357 258456 369369 456789 789456 456123 101010 202020
password password1 password12 password123 password@123 passw0rd p@ssword p@ssw0rd pass@123 pass1234 password!
qwerty qwerty1 qwerty12 qwerty123 qwerty@123 qwertyu qwertyui qwertyuiop qwer1234 qazwsx qaz123 1qaz2wsx
asdfgh asdfghjk asdfghjkl asdf1234 zxcvbn zxcvbnm 1q2w3e 1q2w3e4r 1q2w3e4r5t q1w2e3r4 a1b2c3 abc123 abcd1234
abcdef abcdefg abcdefgh 123abc 123qwe aaaaaa iloveyou iloveu ilovegod loveyou lovely lover1 sweety sweetheart
welcome welcome1 welcome123 welcome@123 admin123 admin@123 administrator root123 test123 testing guest123 user123
letmein letmein1 changeme secret secret123 default computer internet login123 master master123 access
monkey dragon football baseball cricket cricket123 sachin sachin10 dhoni007 virat18 soccer hockey tennis
sunshine princess shadow superman batman spiderman pokemon starwars matrix killer freedom whatever nothing
michael jennifer jessica charlie daniel thomas jordan hunter ashley andrew joshua robert maggie ginger
trustno1 flower flowers summer winter autumn spring orange banana cheese chocolate butterfly purple
india123 india@123 bharat bharat123 hindustan jaihind jaihind123 vandemataram mumbai delhi123 kolkata chennai
krishna krishna123 radhekrishna harekrishna sairam omsairam saibaba ganesh ganesha hanuman jaishreeram
shivaya omnamahshivaya mahadev balaji jaimatadi waheguru allah786 786786 bismillah jesus123 godisgood
kesar kesar123 kesarhome kesar@123 furnish furnishing homedecor curtains
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
