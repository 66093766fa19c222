// SPDX-License-Identifier: GPL-3.0-or-later
#include "refreshjoin.h"

#include <QList>
#include <QTest>

// One refresh, many reads: `done` once, after the last part, ok only when every part was ok.
class TestRefreshJoin final : public QObject
{
    Q_OBJECT

private:
    // What `done` was called with, call after call.
    QList<bool> m_done;
    RefreshJoin::Done recordDone()
    {
        return [this](bool ok) { m_done.append(ok); };
    }

private slots:
    void init() { m_done.clear(); }

    void doneOnlyAfterEveryPart()
    {
        RefreshJoin join(3, recordDone());
        const QList<RefreshJoin::Part> parts{join.part(), join.part(), join.part()};
        parts.at(0)(true);
        parts.at(2)(true);
        QVERIFY(m_done.isEmpty());
        QCOMPARE(join.waiting(), 1);
        parts.at(1)(true);
        QCOMPARE(m_done, QList<bool>{true});
        QCOMPARE(join.waiting(), 0);
    }

    void onePartFailedMeansNotOk()
    {
        RefreshJoin join(2, recordDone());
        const RefreshJoin::Part failing = join.part();
        join.part()(true);
        failing(false);
        QCOMPARE(m_done, QList<bool>{false});
    }

    void aPartReportingTwiceCountsOnce()
    {
        RefreshJoin join(2, recordDone());
        const RefreshJoin::Part early = join.part();
        const RefreshJoin::Part late = join.part();
        early(true);
        early(false); // neither ends the refresh early nor spoils its ok
        QVERIFY(m_done.isEmpty());
        late(true);
        QCOMPARE(m_done, QList<bool>{true});
        late(true);
        early(true);
        QCOMPARE(m_done.size(), 1);
    }

    void partsOutliveTheJoinTheyCameFrom()
    {
        // A page's refresh() returns long before its replies come: the parts carry the join.
        QList<RefreshJoin::Part> parts;
        {
            RefreshJoin join(2, recordDone());
            parts = {join.part(), join.part()};
        }
        parts.at(1)(true);
        QVERIFY(m_done.isEmpty());
        parts.at(0)(true);
        QCOMPARE(m_done, QList<bool>{true});
    }

    void copiesShareOneJoin()
    {
        RefreshJoin join(2, recordDone());
        RefreshJoin copy = join;
        join.part()(true);
        QCOMPARE(copy.waiting(), 1);
        copy.part()(false);
        QCOMPARE(m_done, QList<bool>{false});
    }

    void noPartsIsDoneAtOnce()
    {
        RefreshJoin join(0, recordDone());
        QCOMPARE(m_done, QList<bool>{true});
        QCOMPARE(join.waiting(), 0);
    }

    void doneIsLetGoOnceItRan()
    {
        // What `done` holds (a page's callback and all it captured) goes with its one call.
        auto held = std::make_shared<int>(0);
        RefreshJoin::Part only;
        {
            RefreshJoin join(1, [held](bool) {});
            only = join.part();
        }
        QCOMPARE(held.use_count(), 2);
        only(true);
        QCOMPARE(held.use_count(), 1);
    }
};

QTEST_GUILESS_MAIN(TestRefreshJoin)
#include "tst_refreshjoin.moc"
