// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequescripts.h"

#include <QTest>

// The Blueque action scripts ride in the redis library, each stating its cost per call.
class TestBluequeScripts final : public QObject
{
    Q_OBJECT

private slots:
    void everyScriptIsEmbedded()
    {
        QCOMPARE(BluequeScripts::instance().names(),
                 (QStringList{QStringLiteral("delete"), QStringLiteral("enqueuedue"), QStringLiteral("overview"),
                              QStringLiteral("purge"), QStringLiteral("requeue"), QStringLiteral("requeueall"),
                              QStringLiteral("runnow"), QStringLiteral("search"), QStringLiteral("taskpage"),
                              QStringLiteral("taskrecord")}));
        QVERIFY(!BluequeScripts::instance().find(QStringLiteral("qless")));
    }

    void everyScriptStatesItsBound()
    {
        for (const QString &name : BluequeScripts::instance().names()) {
            const LuaScript *script = BluequeScripts::instance().find(name);
            QVERIFY2(script->source.contains("\n-- Bound: "), qPrintable(name));
            QCOMPARE(script->sha1.size(), 40);
        }
    }
};

QTEST_GUILESS_MAIN(TestBluequeScripts)
#include "tst_bluequescripts.moc"
