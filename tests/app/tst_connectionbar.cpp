// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectionbar.h"
#include "elidedlabel.h"
#include "mainwindow.h"

#include <QLayout>
#include <QTest>

// The bar along the top never decides the window's width: a server described by a long unix
// socket path or a Sentinel master with its hosts is cut in the middle, whole in its tooltip,
// and the window keeps its default 1280 px (it had grown to fit the path, by as much as the
// path was long).
class TestConnectionBar final : public QObject
{
    Q_OBJECT

    static QString longPath()
    {
        return QStringLiteral("unix:/var/lib/qless/production/eu-west-1/pipeline-crawler-%1/redis-server.sock/0")
            .arg(QString(40, QLatin1Char('x')));
    }

private slots:
    void aLongServerDoesNotWidenTheBar()
    {
        ConnectionBar bar;
        bar.setServer(QStringLiteral("localhost:6379/0"), false);
        const int shortMinimum = bar.minimumSizeHint().width();
        bar.setServer(longPath(), false);
        QCOMPARE(bar.minimumSizeHint().width(), shortMinimum);
        // With room it is whole; without, cut and whole in its tooltip.
        bar.resize(bar.sizeHint().width(), bar.sizeHint().height());
        bar.show();
        QVERIFY(QTest::qWaitForWindowExposed(&bar));
        QCOMPARE(bar.serverLabel()->text(), longPath());
        QVERIFY(!bar.serverLabel()->isElided());
        bar.resize(shortMinimum, bar.height());
        QTRY_VERIFY(bar.serverLabel()->isElided());
        QVERIFY2(bar.serverLabel()->text().contains(QChar(0x2026)), qPrintable(bar.serverLabel()->text()));
        QVERIFY(bar.serverLabel()->text().startsWith(QStringLiteral("unix:")));
        QVERIFY(bar.serverLabel()->text().endsWith(QStringLiteral("sock/0")));
        QCOMPARE(bar.serverLabel()->toolTip(), longPath());
        QCOMPARE(bar.serverLabel()->fullText(), longPath());
        // And whole again when the room comes back.
        bar.resize(bar.sizeHint().width() + 50, bar.height());
        QTRY_VERIFY(!bar.serverLabel()->isElided());
    }

    void theWindowKeepsItsDefaultWidth()
    {
        MainWindow window;
        window.connectionBar()->setServer(longPath(), true);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY2(window.minimumSizeHint().width() <= 1280,
                 qPrintable(QString::number(window.minimumSizeHint().width())));
        QTRY_COMPARE(window.width(), 1280);
        QVERIFY(window.connectionBar()->serverLabel()->isElided());
    }
};

QTEST_MAIN(TestConnectionBar)
#include "tst_connectionbar.moc"
