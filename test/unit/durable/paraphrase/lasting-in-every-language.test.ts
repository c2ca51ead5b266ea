/**
 * A meaning weighs the same in every language the corpus holds (issue 26): a lasting statement
 * typed in Spanish, German, French, Portuguese, Indonesian or Chinese is nudged as its English
 * twin is, and a step scoped to now is not, in any of them. The sentences were written apart from
 * the signal lists, as people type them (no accents sometimes, fillers, no final stop).
 */
import { describe, expect, it } from 'vitest';
import { nudgeFor } from '../../../../src/durable/notice/nudge.js';

describe('lasting statements are nudged in every language', () => {
  it.each([
    ['en', 'we always deploy from the release branch, never from main'],
    ['es', 'siempre desplegamos desde la rama release, nunca desde main'],
    ['es', 'de ahora en adelante los precios se guardan en centavos'],
    ['es', 'quiero que los mensajes de error estén en español'],
    ['de', 'wir deployen immer vom release-Branch, niemals von main'],
    ['de', 'ab jetzt speichern wir alle Zeiten in UTC'],
    ['de', 'ich möchte, dass die Fehlermeldungen auf Deutsch sind'],
    ['fr', 'on déploie toujours depuis la branche release, jamais depuis main'],
    ['fr', 'désormais les montants sont stockés en centimes'],
    ['pt', 'a partir de agora os testes de integração rodam no Docker'],
    ['id', 'mulai sekarang semua harga ditampilkan dalam Rupiah'],
    ['id', 'selalu jalankan lint sebelum commit'],
    ['zh', '以后所有金额都用分来存储'],
    ['zh', '我希望按钮都用圆角的样式'],
    ['zh', '记住测试数据库每天晚上都会清空'],
    ['es', 'Como administrador quiero poder exportar los turnos a CSV'],
    ['es', 'que siempre se vea el total con IVA'],
    ['es', 'Guardá las fechas en UTC y usá siempre el formato ISO'],
    ['de', 'Verwende immer die Staging-Datenbank für Demos'],
  ])('%s: %s', (_language, typed) => {
    expect(nudgeFor(typed)).not.toBe('');
  });
});

describe('steps scoped to now and guesses are not nudged, in any language', () => {
  it.each([
    ['en', "ok let's do the login page now"],
    ['es', 'por ahora hagamos solo la pagina de login'],
    ['es', 'tal vez el error viene del cache'],
    ['de', 'erstmal machen wir nur die Login-Seite'],
    ['de', 'ich glaube der Fehler kommt vom Cache'],
    ['fr', "pour l'instant on fait juste la page de connexion"],
    ['id', 'untuk sekarang kerjakan halaman login dulu'],
    ['zh', '暂时先做登录页面'],
    ['es', '¿qué base de datos usamos?'],
    ['es', 'cómo hago para correr los tests'],
    ['es', 'como vamos con eso'],
  ])('%s: %s', (_language, typed) => {
    expect(nudgeFor(typed)).toBe('');
  });
});
