// SPDX-License-Identifier: GPL-3.0-or-later
#include "elidedcelldelegate.h"
#include "tableviews.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QHelpEvent>
#include <QImage>
#include <QPainter>
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

    // What a pixel-compared cell has besides its text and state.
    enum Extra { NoExtra = 0, Background = 1, Alternate = 2, MouseOver = 4, Short = 8, RightToLeft = 16, Leading = 32 };

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
        m_view.setColumnWidth(0, m_view.fontMetrics().horizontalAdvance(QStringLiteral("worker-c.prod.internal-4103"))
                                     + 20);
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

    // A cell of one line of text is drawn with its text drawn by the delegate, not laid out by
    // the style (twice): it must look the same as the style's drawing, pixel for pixel, plain,
    // selected, in the model's colour and font, aligned any way, cut at the end or in the middle,
    // on a coloured or alternate row, under the mouse, in a row too short for it, right to left,
    // in a font with leading. Each cell is drawn three times: a text seen for the first time is
    // drawn one way, the second time laid out and kept, the third time from what was kept.
    void oneLineCellsLookAsTheStyleDrawsThem_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("width");
        QTest::addColumn<bool>("selected");
        QTest::addColumn<bool>("middle");
        QTest::addColumn<bool>("coloured");
        QTest::addColumn<int>("alignment");
        QTest::addColumn<bool>("wholeCell");
        QTest::addColumn<bool>("focused");
        QTest::addColumn<int>("extra");
        const int left = int(Qt::AlignLeft | Qt::AlignVCenter);
        const int right = int(Qt::AlignRight | Qt::AlignVCenter);
        const int centred = int(Qt::AlignHCenter | Qt::AlignVCenter);
        const QString worker = QStringLiteral("worker-c.prod.internal-4103");
        QTest::newRow("plain") << worker << 300 << false << false << false << left << true << false << 0;
        QTest::newRow("selected") << worker << 300 << true << false << false << left << true << false << 0;
        // A view that highlights only a selected cell's text (a list, say): the style's own path.
        QTest::newRow("selected, text highlighted")
            << worker << 300 << true << false << false << left << false << false << 0;
        QTest::newRow("not selected, text highlighted")
            << worker << 300 << false << false << false << left << false << false << 0;
        QTest::newRow("coloured, bold") << worker << 300 << false << false << true << left << true << false << 0;
        QTest::newRow("right-aligned") << QStringLiteral("1,204") << 120 << false << false << false << right << true
                                       << false << 0;
        QTest::newRow("right-aligned, cut") << worker << 90 << false << false << false << right << true << false << 0;
        QTest::newRow("centred") << QStringLiteral("1,204") << 121 << false << false << false << centred << true
                                 << false << 0;
        QTest::newRow("centred, cut") << worker << 91 << false << false << false << centred << true << false << 0;
        QTest::newRow("cut at the end") << worker << 90 << false << false << false << left << true << false << 0;
        QTest::newRow("cut in the middle") << worker << 90 << true << true << false << left << true << false << 0;
        // The current cell of a view that has focus: its focus frame as the style draws it.
        QTest::newRow("current, focused") << worker << 300 << true << false << false << left << true << true << 0;
        QTest::newRow("current, focused, not selected")
            << worker << 300 << false << false << false << left << true << true << 0;
        QTest::newRow("coloured row") << worker << 300 << false << false << false << left << true << false
                                      << int(Background);
        QTest::newRow("alternate row") << worker << 300 << false << false << false << left << true << false
                                       << int(Alternate);
        QTest::newRow("under the mouse") << worker << 300 << false << false << false << left << true << false
                                         << int(MouseOver);
        QTest::newRow("row too short") << worker << 300 << false << false << false << left << true << false
                                       << int(Short);
        QTest::newRow("right to left") << worker << 300 << false << false << false << left << true << false
                                       << int(RightToLeft);
        QTest::newRow("right to left, cut")
            << worker << 90 << false << true << false << left << true << false << int(RightToLeft);
        QTest::newRow("font with leading")
            << worker << 300 << false << false << false << left << true << false << int(Leading);
    }
    void oneLineCellsLookAsTheStyleDrawsThem()
    {
        QFETCH(QString, text);
        QFETCH(int, width);
        QFETCH(bool, selected);
        QFETCH(bool, middle);
        QFETCH(bool, coloured);
        QFETCH(int, alignment);
        QFETCH(bool, wholeCell);
        QFETCH(bool, focused);
        QFETCH(int, extra);
        QStandardItemModel model(1, 1);
        auto *item = new QStandardItem(text);
        item->setTextAlignment(Qt::Alignment(alignment));
        if (coloured) {
            item->setForeground(QColor(200, 30, 30));
            QFont bold = m_view.font();
            bold.setBold(true);
            item->setFont(bold);
        }
        if (extra & Background)
            item->setBackground(QColor(250, 235, 200));
        if (extra & Leading) {
            QFont withLeading;
            const QStringList families = QFontDatabase::families();
            const auto found = std::find_if(families.begin(), families.end(), [&withLeading](const QString &family) {
                withLeading = QFont(family);
                return QFontMetricsF(withLeading).leading() > 0;
            });
            if (found == families.end())
                QSKIP("no font on this machine has leading");
            item->setFont(withLeading);
        }
        model.setItem(0, 0, item);
        QTableView view;
        TableViews::setUp(&view, &model);
        ElidedCellDelegate *cells = ElidedCellDelegate::of(&view);
        cells->setMiddleElided(0, middle);

        QStyleOptionViewItem option;
        option.initFrom(view.viewport());
        option.widget = &view;
        option.font = view.font();
        option.fontMetrics = view.fontMetrics();
        option.textElideMode = view.textElideMode();
        option.showDecorationSelected = wholeCell; // as QTableView sets it
        option.rect = QRect(0, 0, width, (extra & Short) ? 9 : view.verticalHeader()->defaultSectionSize());
        option.state |= QStyle::State_Enabled | QStyle::State_Active;
        if (selected)
            option.state |= QStyle::State_Selected;
        if (focused)
            option.state |= QStyle::State_HasFocus;
        if (extra & MouseOver)
            option.state |= QStyle::State_MouseOver;
        if (extra & Alternate)
            option.features |= QStyleOptionViewItem::Alternate;
        if (extra & RightToLeft)
            option.direction = Qt::RightToLeft;
        const auto draw = [&](bool ours) {
            QImage image(option.rect.size(), QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::white);
            QPainter painter(&image);
            painter.setLayoutDirection(option.direction);
            if (ours)
                cells->paint(&painter, option, model.index(0, 0));
            else
                cells->QStyledItemDelegate::paint(&painter, option, model.index(0, 0));
            return image;
        };
        const QImage theirs = draw(false);
        for (const char *time : {"first", "second", "third"}) {
            const QImage ours = draw(true);
            QVERIFY2(ours == theirs, time);
        }
        // Not blank: something was drawn at all.
        QImage blank(theirs.size(), theirs.format());
        blank.fill(Qt::white);
        QVERIFY(theirs != blank);
    }
};

QTEST_MAIN(TestElidedCellDelegate)
#include "tst_elidedcelldelegate.moc"
