// SPDX-License-Identifier: GPL-3.0-or-later
#include "celltextcache.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QTest>

// The kept layouts of cells' texts (what ElidedCellDelegate draws one-line cells with): a text
// is kept from its second sighting on, never from its first; what is kept stays within its
// memory bound however many texts pass; a kept text draws as it did before it was kept. How the
// text looks against the style's own drawing is tst_elidedcelldelegate's.
class TestCellTextCache final : public QObject
{
    Q_OBJECT

    QImage m_image{400, 30, QImage::Format_ARGB32_Premultiplied};

    QImage drawn(CellTextCache &cache, const QString &text, int width = 300, Qt::TextElideMode mode = Qt::ElideRight)
    {
        m_image.fill(Qt::white);
        QPainter painter(&m_image);
        painter.setPen(Qt::black);
        painter.setFont(QApplication::font());
        const QRect cell(0, 0, width + 8, 30);
        cache.draw(&painter, cell, cell.adjusted(4, 0, -4, 0), Qt::AlignLeft | Qt::AlignVCenter, Qt::LeftToRight, text,
                   mode);
        return m_image;
    }

private slots:
    void keptFromTheSecondSighting()
    {
        CellTextCache cache;
        for (int i = 0; i < 100; ++i)
            drawn(cache, QStringLiteral("crawl-%1").arg(i));
        QCOMPARE(cache.keptCount(), 0); // each seen once: a time, a jid
        for (int i = 0; i < 100; ++i)
            drawn(cache, QStringLiteral("crawl-%1").arg(i));
        QCOMPARE(cache.keptCount(), 100);
        QVERIFY(cache.keptKiB() >= 200);
    }

    void keptTextsDrawAsBefore()
    {
        CellTextCache cache;
        const QString text = QStringLiteral("Net::ReadTimeout after 30 s");
        const QImage first = drawn(cache, text);
        QCOMPARE(drawn(cache, text), first);
        QCOMPARE(cache.keptCount(), 1);
        QCOMPARE(drawn(cache, text), first);
        // Cut to a narrow rect: kept apart from the whole text, drawn alike every time.
        const QImage cut = drawn(cache, text, 80, Qt::ElideMiddle);
        QVERIFY(cut != first);
        QCOMPARE(drawn(cache, text, 80, Qt::ElideMiddle), cut);
        QCOMPARE(drawn(cache, text, 80, Qt::ElideMiddle), cut);
        QCOMPARE(cache.keptCount(), 2);
        QImage blank(first.size(), first.format());
        blank.fill(Qt::white);
        QVERIFY(first != blank);
    }

    void keptWithinItsBound()
    {
        CellTextCache cache;
        // 6,000 distinct messages of 200 characters, each seen twice: far more than the bound.
        QString tail(180, QLatin1Char('x'));
        for (int i = 0; i < 6000; ++i) {
            const QString text = QStringLiteral("message %1 ").arg(i, 8, 10, QLatin1Char('0')) + tail;
            drawn(cache, text);
            drawn(cache, text);
            QVERIFY2(cache.keptKiB() <= CellTextCache::CapacityKiB, qPrintable(QString::number(cache.keptKiB())));
        }
        QVERIFY(cache.keptKiB() > CellTextCache::CapacityKiB / 2); // it does keep what it can
        // A text too heavy to keep many of is drawn, never kept.
        const QString huge(20000, QLatin1Char('y'));
        const int before = cache.keptCount();
        drawn(cache, huge);
        drawn(cache, huge);
        QCOMPARE(cache.keptCount(), before);
    }
};

QTEST_MAIN(TestCellTextCache)
#include "tst_celltextcache.moc"
