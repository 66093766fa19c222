// SPDX-License-Identifier: GPL-3.0-or-later
#include "qlessclienttestbase.h"
#include "qlessoperations.h"
#include "searchresolver.h"

#include <QDateTime>

// What the search field means, asked of a real Redis: a jid that exists is a job, anything else
// a tag; only the latest search answers; a dead connection answers with an error.
class TestSearchResolver final : public QObject, private QlessClientTestBase
{
    Q_OBJECT

    using Result = SearchResolver::Result;

    static bool resolve(SearchResolver &resolver, const QString &text, Result *result)
    {
        bool answered = false;
        resolver.resolve(text, [&](const Result &r) {
            *result = r;
            answered = true;
        });
        // Long enough for a dead connection to give up on the command (its own time-out).
        return QTest::qWaitFor([&answered] { return answered; }, 90000);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
    }
    void cleanupTestCase() { stopQless(); }
    void init() { fixture().flush(); }

    void existingJidIsAJob()
    {
        fixture().put("q", "8c1e0f5a2b", double(QDateTime::currentSecsSinceEpoch()), {"tags", "[\"blue\"]"});
        QlessOperations reads(client());
        SearchResolver resolver(&reads);
        Result result;
        QVERIFY(resolve(resolver, QStringLiteral("  8c1e0f5a2b "), &result));
        QVERIFY(result.kind == Result::Kind::Job);
        QCOMPARE(result.jid, QByteArray("8c1e0f5a2b"));
        QCOMPARE(result.text, QStringLiteral("8c1e0f5a2b"));
    }

    void anythingElseIsATag()
    {
        fixture().put("q", "j", double(QDateTime::currentSecsSinceEpoch()), {"tags", "[\"blue\"]"});
        QlessOperations reads(client());
        SearchResolver resolver(&reads);
        Result result;
        QVERIFY(resolve(resolver, QStringLiteral("blue"), &result));
        QVERIFY(result.kind == Result::Kind::Tag);
        QCOMPARE(result.text, QStringLiteral("blue"));
        QVERIFY(result.jid.isEmpty());
        QVERIFY(resolve(resolver, QStringLiteral("never-seen"), &result));
        QVERIFY(result.kind == Result::Kind::Tag);
    }

    void onlyTheLatestSearchAnswers()
    {
        fixture().put("q", "first", double(QDateTime::currentSecsSinceEpoch()));
        QlessOperations reads(client());
        SearchResolver resolver(&reads);
        QStringList answers;
        resolver.resolve(QStringLiteral("first"), [&answers](const Result &r) { answers << r.text; });
        resolver.resolve(QStringLiteral("second"), [&answers](const Result &r) { answers << r.text; });
        QTRY_COMPARE_WITH_TIMEOUT(answers.size(), 1, 30000);
        QTest::qWait(200); // the first reply, had it not been dropped, would be in by now
        QCOMPARE(answers, QStringList{QStringLiteral("second")});
        QVERIFY(!resolver.isBusy());
    }

    void emptyTextAnswersNothing()
    {
        QlessOperations reads(client());
        SearchResolver resolver(&reads);
        bool answered = false;
        resolver.resolve(QStringLiteral("   "), [&answered](const Result &) { answered = true; });
        QTest::qWait(100);
        QVERIFY(!answered);
        QVERIFY(!resolver.isBusy());
    }

    void deadConnectionIsAnError()
    {
        QlessOperations reads(client());
        SearchResolver resolver(&reads);
        fixture().server().stop();
        Result result;
        QVERIFY(resolve(resolver, QStringLiteral("anything"), &result));
        QVERIFY(result.kind == Result::Kind::Error);
        QVERIFY(!result.error.isEmpty());
        // Later tests (none yet) would need a fresh server.
        stopQless();
        QString error;
        QVERIFY2(startQless(&error), qPrintable(error));
    }
};

QTEST_MAIN(TestSearchResolver)
#include "tst_searchresolver.moc"
