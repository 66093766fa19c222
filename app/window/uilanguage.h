// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QLocale>
#include <QString>
#include <QStringList>

// The language the console speaks: English (the source texts, with the plural forms of
// qlessdesk_en) or German (qlessdesk_de, complete), chosen by --lang or else by the system's
// languages. Installed on the application before any widget is made: a widget reads its texts
// once, when it is built. Qt's own texts (the Yes/No/Cancel of a message box, a line edit's menu)
// come from the system's qtbase_<lang>.qm when it is there (Debian: qt6-translations-l10n).
class UiLanguage final
{
    Q_DECLARE_TR_FUNCTIONS(UiLanguage)

public:
    // The languages shipped: "en", "de".
    static QStringList available();
    // "de" or "en" (any case) for an explicit choice, or an empty string when it names none
    // shipped; with nothing requested, the first of `system`'s UI languages that is shipped, else
    // English.
    static QString resolve(const QString &requested, const QLocale &system = QLocale::system());
    // Installs the translations of a shipped `language` on the application, in place of any
    // installed before. False when ours cannot be loaded (Qt's own are optional).
    static bool install(const QString &language);
    // Numbers and dates written as `language` writes them (1.234,5 in German), unless the
    // system already speaks it: its own locale (de_CH, en_GB) is then the better one.
    static void useLocaleOf(const QString &language);
    // Why --lang was refused.
    static QString unknownLanguageMessage(const QString &requested);
};
