// SPDX-License-Identifier: GPL-3.0-or-later
#include "translationfile.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

// The translation files: German complete (every string of the console translated, each plural
// form given, the same placeholders and an Alt key where the English has one), English holding
// every plural form, and both up to date with the sources: lupdate, run over them as
// `update_translations` does, finds no string left unfinished.
class TestTranslations final : public QObject
{
    Q_OBJECT

    static QString tsFile(const QString &language)
    {
        return QStringLiteral(QLESSDESK_TS_DIR "/qlessdesk_") + language + QStringLiteral(".ts");
    }

    static bool hasMnemonic(QString text)
    {
        static const QRegularExpression entity(QStringLiteral("&[a-z]+;"));
        text.remove(entity);
        text.remove(QLatin1String("&&"));
        return text.contains(QLatin1Char('&'));
    }

    static QString describe(const TranslationFile::Message &m)
    {
        return m.context + QLatin1String(": \"") + m.source + QLatin1Char('"');
    }

    // Runs lupdate over the console's sources on a copy of `language`'s file; the messages of
    // the copy it left unfinished (new strings, changed ones).
    static QStringList unfinishedAfterLupdate(const QString &language, const QStringList &extra)
    {
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("qlessdesk_") + language + QStringLiteral(".ts"));
        if (!QFile::copy(tsFile(language), copy))
            return {QStringLiteral("cannot copy the file")};
        QProcess lupdate;
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        lupdate.start(QStringLiteral(QLESSDESK_LUPDATE),
                      QStringList{QStringLiteral("@" QLESSDESK_LUPDATE_LIST), QStringLiteral("-ts"), copy,
                                  QStringLiteral("-no-obsolete"), QStringLiteral("-locations"), QStringLiteral("none")}
                          + extra);
        if (!lupdate.waitForFinished(-1) || lupdate.exitCode() != 0)
            return {QStringLiteral("lupdate failed: ") + QString::fromLocal8Bit(lupdate.readAll())};
        QString error;
        QStringList unfinished;
        for (const TranslationFile::Message &m : TranslationFile::read(copy, &error)) {
            if (!m.type.isEmpty())
                unfinished << describe(m);
        }
        if (!error.isEmpty())
            unfinished << error;
        return unfinished;
    }

private slots:
    void germanIsComplete()
    {
        QString error;
        const QList<TranslationFile::Message> messages = TranslationFile::read(tsFile(QStringLiteral("de")), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(messages.size() > 500);
        QStringList problems;
        for (const TranslationFile::Message &m : messages) {
            if (!m.type.isEmpty())
                problems << describe(m) + QLatin1String(" is ") + m.type;
            if (m.numerus && m.translations.size() != 2)
                problems << describe(m) + QLatin1String(": German has two plural forms, found ")
                                + QString::number(m.translations.size());
            for (int i = 0; i < m.translations.size(); ++i) {
                const QString &t = m.translations.at(i);
                if (t.trimmed().isEmpty()) {
                    problems << describe(m) + QLatin1String(" has an empty translation");
                    continue;
                }
                // The singular may say "one" instead of %n ("Sammelaktion: …"), nothing else.
                const QStringList expected = TranslationFile::placeholders(m.source);
                QStringList got = TranslationFile::placeholders(t);
                if (got != expected
                    && !(m.numerus && i == 0 && !got.contains(QLatin1String("%n"))
                         && !got.contains(QLatin1String("%Ln")))) {
                    problems << describe(m) + QLatin1String(": placeholders ") + got.join(QLatin1Char(' '))
                                    + QLatin1String(" instead of ") + expected.join(QLatin1Char(' '));
                }
                if (hasMnemonic(m.source) && !hasMnemonic(t))
                    problems << describe(m) + QLatin1String(": no Alt key in \"") + t + QLatin1Char('"');
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void englishHasEveryPluralForm()
    {
        QString error;
        const QList<TranslationFile::Message> messages = TranslationFile::read(tsFile(QStringLiteral("en")), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(!messages.isEmpty());
        QStringList problems;
        for (const TranslationFile::Message &m : messages) {
            if (!m.numerus)
                problems << describe(m) + QLatin1String(": only plural forms belong in the English file");
            else if (!m.type.isEmpty() || m.translations.size() != 2 || m.translations.contains(QString()))
                problems << describe(m) + QLatin1String(": the English singular and plural are not both given");
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void lupdateFindsNothingUnfinished()
    {
        const QStringList german = unfinishedAfterLupdate(QStringLiteral("de"), {});
        QVERIFY2(german.isEmpty(),
                 qPrintable(QLatin1String("German, unfinished after lupdate:\n") + german.join(QLatin1Char('\n'))));
        const QStringList english = unfinishedAfterLupdate(QStringLiteral("en"), {QStringLiteral("-pluralonly")});
        QVERIFY2(english.isEmpty(), qPrintable(QLatin1String("English plurals, unfinished after lupdate:\n")
                                               + english.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
