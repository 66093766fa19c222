#include "elidedcelldelegate.h"
#include "tableviews.h"

#include <QHeaderView>
#include <QHelpEvent>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>
#include <QToolTip>

// The cells of every console table (TableViews::setUp): a text cut by a narrow column is found
// to be cut, and shows whole on hover above the model's own tooltip; a text that fits keeps the
// model's tooltip alone. No server needed: the delegate sees only a model's cells.
class TestElidedCellDelegate final : public QObject
{
    Q_OBJECT

    QStandardItemModel m_model{2, 2};
    QTableView m_view;

    // Hovers the cell, as the view's tooltip event would; "" when no tooltip shows.
    QString hover(int row, int column)
    {
        QToolTip::hideText();
        (void)QTest::qWaitFor([] { return !QToolTip::isVisible(); }, 2000);
        const QPoint at = m_view.visualRect(m_model.index(row, column)).center();
        QHelpEvent event(QEvent::ToolTip, at, m_view.viewport()->mapToGlobal(at));
        QCoreApplication::sendEvent(m_view.viewport(), &event);
        return QToolTip::isVisible() ? QToolTip::text() : QString();
    }

private slots:
    void initTestCase()
    {
        m_model.setItem(0, 0, new QStandardItem(QStringLiteral("worker-c.prod.internal-4103")));
        m_model.item(0, 0)->setToolTip(QStringLiteral("seen 5 s ago"));
        m_model.setItem(1, 0, new QStandardItem(QStringLiteral("w-1")));
        m_model.item(1, 0)->setToolTip(QStringLiteral("seen 9 s ago"));
        m_model.setItem(0, 1, new QStandardItem(QStringLiteral("3")));
        TableViews::setUp(&m_view, &m_model);
        m_view.horizontalHeader()->setStretchLastSection(false);
        m_view.resize(400, 200);
        m_view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&m_view));
    }

    void everyTableHasOne()
    {
        QVERIFY(ElidedCellDelegate::of(&m_view));
        QTableView other;
        QVERIFY(!ElidedCellDelegate::of(&other)); // Qt's own until set up
    }

    void cutTextShowsWholeOnHover()
    {
        ElidedCellDelegate *cells = ElidedCellDelegate::of(&m_view);
        cells->setMiddleElided(0);
        m_view.setColumnWidth(0, 60);
        QVERIFY(cells->isElided(m_model.index(0, 0)));
        QVERIFY(!cells->isElided(m_model.index(1, 0)));
        QCOMPARE(hover(0, 0), QStringLiteral("worker-c.prod.internal-4103\n\nseen 5 s ago"));
        QCOMPARE(hover(1, 0), QStringLiteral("seen 9 s ago"));

        // Wide enough: nothing is cut, the model's tooltip alone.
        m_view.setColumnWidth(0, m_view.fontMetrics().horizontalAdvance(QStringLiteral("worker-c.prod.internal-4103")) + 20);
        QVERIFY(!cells->isElided(m_model.index(0, 0)));
        QCOMPARE(hover(0, 0), QStringLiteral("seen 5 s ago"));
    }

    // A cell without a tooltip of its own shows its text alone when cut; an empty one nothing.
    void cutTextWithoutModelTooltip()
    {
        m_model.setItem(1, 1, new QStandardItem(QStringLiteral("customer:acme, nightly, reindex")));
        m_view.setColumnWidth(1, 40);
        QVERIFY(ElidedCellDelegate::of(&m_view)->isElided(m_model.index(1, 1)));
        QCOMPARE(hover(1, 1), QStringLiteral("customer:acme, nightly, reindex"));
        QVERIFY(!ElidedCellDelegate::of(&m_view)->isElided(m_model.index(0, 1)));
        QCOMPARE(hover(0, 1), QString());
    }
};

QTEST_MAIN(TestElidedCellDelegate)
#include "tst_elidedcelldelegate.moc"
