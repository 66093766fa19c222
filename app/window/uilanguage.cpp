// SPDX-License-Identifier: GPL-3.0-or-later
#include "uilanguage.h"

#include <QLibraryInfo>
#include <QTranslator>

#include <memory>
#include <vector>

namespace {
// The translators installed now; a second install (a test switching languages) replaces them.
std::vector<std::unique_ptr<QTranslator>> &installed()
{
    static std::vector<std::unique_ptr<QTranslator>> translators;
    return translators;
}

bool load(const QString &file, const QString &directory)
{
    auto translator = std::make_unique<QTranslator>();
    if (!translator->load(file, directory) || !QCoreApplication::installTranslator(translator.get()))
        return false;
    installed().push_back(std::move(translator));
    return true;
}
} // namespace

QStringList UiLanguage::available()
{
    return {QStringLiteral("en"), QStringLiteral("de")};
}

QString UiLanguage::resolve(const QString &requested, const QLocale &system)
{
    const QString wanted = requested.trimmed().toLower();
    if (!wanted.isEmpty())
        return available().contains(wanted) ? wanted : QString();
    // "de-AT", "de_CH", "en-GB": the language part decides.
    for (const QString &language : system.uiLanguages()) {
        const QString code = language.section(QLatin1Char('-'), 0, 0).section(QLatin1Char('_'), 0, 0).toLower();
        if (available().contains(code))
            return code;
    }
    return QStringLiteral("en");
}

bool UiLanguage::install(const QString &language)
{
    for (const auto &translator : installed())
        QCoreApplication::removeTranslator(translator.get());
    installed().clear();
    // Qt's own first, ours after: the translator installed last is asked first.
    if (language != QLatin1String("en"))
        load(QStringLiteral("qtbase_") + language, QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    return load(QStringLiteral("qlessdesk_") + language, QStringLiteral(":/i18n"));
}

void UiLanguage::useLocaleOf(const QString &language)
{
    if (QLocale::system().language() != QLocale(language).language())
        QLocale::setDefault(QLocale(language));
}

QString UiLanguage::unknownLanguageMessage(const QString &requested)
{
    return tr("Unknown language \"%1\": expected one of %2.").arg(requested, available().join(QStringLiteral(", ")));
}
