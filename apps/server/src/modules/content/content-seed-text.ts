/*
 * The demo's notices, login popups and promotions in each language the demo operator offers, written
 * for players (issue 26: demo content stayed English in Arabic and Spanish). A language missing here
 * gets the English text.
 */

export interface DemoText {
  /** Title and HTML of each notice: welcome, play responsibly, maintenance, originals, most played, winner board. */
  notices: readonly (readonly [string, string])[];
  /** Title and HTML of each login popup: welcome aboard, set your limits. */
  popups: readonly (readonly [string, string])[];
  /** Titles of the promotions: first deposit, weekend reload, daily missions, refer a friend. */
  promotions: readonly [string, string, string, string];
  /** The sentence under every promotion. */
  terms: string;
}

export const DEMO_TEXT: Record<string, DemoText> = {
  EN: {
    notices: [
      [
        'Welcome to the Playhouse demo site',
        '<p>Browse more than 600 games from over 20 providers, save favourites and find your recent games in the menu.</p>',
      ],
      [
        'Play responsibly',
        '<p>Set deposit, loss and wager limits and reality checks, take a break or self-exclude at any time under <b>Responsible gambling</b> in the member centre.</p>',
      ],
      [
        'Scheduled maintenance notice',
        '<p>Maintenance windows are announced here at least 24 hours ahead.</p>',
      ],
      [
        'Playhouse Originals',
        '<p>Our own games use provably fair results: check any round on the fairness page.</p>',
      ],
      ['Most played this week', '<p>See what other players open most on the home page.</p>'],
      ['Winner board', '<p>The winner board lists real big wins of the last 7 days, with names masked.</p>'],
    ],
    popups: [
      [
        'Welcome aboard',
        '<p>Thanks for joining. Your favourites and recent games follow you on every device.</p>',
      ],
      [
        'Set your limits',
        '<p>Limits apply at once when you lower them and after 24 hours when you raise them.</p>',
      ],
    ],
    promotions: ['First deposit welcome', 'Weekend reload', 'Daily missions', 'Refer a friend'],
    terms: 'Ask customer service for the full terms before you take part.',
  },
  TY: {
    notices: [
      [
        'Maligayang pagdating sa demo site ng Playhouse',
        '<p>Mag-browse ng higit 600 laro mula sa mahigit 20 provider, mag-save ng mga paborito at hanapin ang mga kamakailang laro sa menu.</p>',
      ],
      [
        'Maglaro nang responsable',
        '<p>Magtakda ng limit sa deposito, talo at taya at ng mga paalala, magpahinga o mag-self-exclude anumang oras sa <b>Responsableng pagsusugal</b> sa member center.</p>',
      ],
      [
        'Abiso ng nakatakdang maintenance',
        '<p>Inaanunsyo rito ang maintenance nang hindi bababa sa 24 oras bago ito.</p>',
      ],
      [
        'Mga Orihinal ng Playhouse',
        '<p>Provably fair ang resulta ng sarili naming mga laro: suriin ang anumang round sa pahina ng pagkapatas.</p>',
      ],
      [
        'Pinakamadalas laruin ngayong linggo',
        '<p>Tingnan sa home page kung ano ang pinakamadalas buksan ng ibang manlalaro.</p>',
      ],
      [
        'Board ng mga nanalo',
        '<p>Ipinapakita ng board ang totoong malalaking panalo sa nakaraang 7 araw, nakatago ang mga pangalan.</p>',
      ],
    ],
    popups: [
      [
        'Maligayang pagdating',
        '<p>Salamat sa pagsali. Sumusunod sa iyo ang mga paborito at kamakailang laro sa bawat device.</p>',
      ],
      [
        'Itakda ang iyong mga limit',
        '<p>Agad na umiiral ang limit kapag ibinaba mo ito, at pagkalipas ng 24 oras kapag itinaas.</p>',
      ],
    ],
    promotions: [
      'Welcome sa unang deposito',
      'Reload sa weekend',
      'Mga pang-araw-araw na misyon',
      'Mag-imbita ng kaibigan',
    ],
    terms: 'Itanong sa customer service ang buong tuntunin bago sumali.',
  },
  CN: {
    notices: [
      [
        '欢迎来到 Playhouse 演示站',
        '<p>浏览来自 20 多家供应商的 600 多款游戏，收藏喜欢的游戏，并在菜单中找到最近玩过的游戏。</p>',
      ],
      [
        '理性娱乐',
        '<p>随时可在会员中心的<b>负责任博彩</b>中设置存款、亏损和投注限额及现实提醒，或暂停、自我排除。</p>',
      ],
      ['计划维护通知', '<p>维护时间会至少提前 24 小时在此公布。</p>'],
      ['Playhouse 原创游戏', '<p>我们自己的游戏采用可验证公平的结果：可在公平性页面核验任意一局。</p>'],
      ['本周最热门', '<p>在首页查看其他玩家最常打开的游戏。</p>'],
      ['获奖榜', '<p>获奖榜列出最近 7 天真实的大额中奖，姓名已隐藏。</p>'],
    ],
    popups: [
      ['欢迎加入', '<p>感谢加入。您的收藏和最近游戏会在每台设备上同步。</p>'],
      ['设置您的限额', '<p>降低限额立即生效，提高限额在 24 小时后生效。</p>'],
    ],
    promotions: ['首存欢迎礼', '周末续存', '每日任务', '邀请好友'],
    terms: '参与前请向客服了解完整条款。',
  },
  TW: {
    notices: [
      [
        '歡迎來到 Playhouse 示範站',
        '<p>瀏覽來自 20 多家供應商的 600 多款遊戲，收藏喜歡的遊戲，並在選單中找到最近玩過的遊戲。</p>',
      ],
      [
        '理性娛樂',
        '<p>隨時可在會員中心的<b>負責任博彩</b>中設定存款、虧損和投注限額及現實提醒，或暫停、自我排除。</p>',
      ],
      ['預定維護通知', '<p>維護時間會至少提前 24 小時在此公布。</p>'],
      ['Playhouse 原創遊戲', '<p>我們自己的遊戲採用可驗證公平的結果：可在公平性頁面核驗任一局。</p>'],
      ['本週最熱門', '<p>在首頁查看其他玩家最常開啟的遊戲。</p>'],
      ['獲獎榜', '<p>獲獎榜列出最近 7 天真實的大額中獎，姓名已隱藏。</p>'],
    ],
    popups: [
      ['歡迎加入', '<p>感謝加入。您的收藏和最近遊戲會在每台裝置上同步。</p>'],
      ['設定您的限額', '<p>降低限額立即生效，提高限額在 24 小時後生效。</p>'],
    ],
    promotions: ['首存歡迎禮', '週末續存', '每日任務', '邀請好友'],
    terms: '參與前請向客服了解完整條款。',
  },
  JA: {
    notices: [
      [
        'Playhouse デモサイトへようこそ',
        '<p>20 社以上のプロバイダーによる 600 以上のゲームを閲覧し、お気に入りを保存して、最近のゲームはメニューから見つけられます。</p>',
      ],
      [
        '責任あるプレイを',
        '<p>会員センターの<b>責任あるギャンブル</b>で、入金・損失・ベットの上限やリアリティチェックをいつでも設定し、休止や自己排除ができます。</p>',
      ],
      ['定期メンテナンスのお知らせ', '<p>メンテナンスは少なくとも 24 時間前にここでお知らせします。</p>'],
      [
        'Playhouse オリジナル',
        '<p>自社ゲームの結果は証明可能な公平性に基づきます。どのラウンドも公平性ページで確認できます。</p>',
      ],
      ['今週の人気ゲーム', '<p>他のプレイヤーがよく開くゲームをホームでチェックしましょう。</p>'],
      ['当選者ボード', '<p>当選者ボードには過去 7 日間の実際の高額当選を、名前を伏せて表示します。</p>'],
    ],
    popups: [
      [
        'ようこそ',
        '<p>ご参加ありがとうございます。お気に入りと最近のゲームはどの端末でも引き継がれます。</p>',
      ],
      ['上限を設定しましょう', '<p>上限は下げるとすぐに、上げると 24 時間後に適用されます。</p>'],
    ],
    promotions: ['初回入金ウェルカム', '週末リロード', 'デイリーミッション', '友達を招待'],
    terms: '参加する前に、カスタマーサービスで規約の全文をご確認ください。',
  },
  KO: {
    notices: [
      [
        'Playhouse 데모 사이트에 오신 것을 환영합니다',
        '<p>20개 이상 제공사의 600개가 넘는 게임을 둘러보고, 즐겨찾기를 저장하고, 최근 게임은 메뉴에서 찾으세요.</p>',
      ],
      [
        '책임감 있게 즐기세요',
        '<p>회원 센터의 <b>책임감 있는 게임</b>에서 입금·손실·베팅 한도와 현실 확인을 언제든 설정하고, 휴식하거나 자기 제한을 할 수 있습니다.</p>',
      ],
      ['정기 점검 안내', '<p>점검 일정은 최소 24시간 전에 이곳에 공지됩니다.</p>'],
      [
        'Playhouse 오리지널',
        '<p>자체 게임은 검증 가능한 공정한 결과를 사용합니다. 모든 라운드를 공정성 페이지에서 확인하세요.</p>',
      ],
      ['이번 주 인기 게임', '<p>다른 플레이어가 가장 많이 여는 게임을 홈에서 확인하세요.</p>'],
      ['당첨자 보드', '<p>당첨자 보드는 최근 7일간의 실제 큰 당첨을 이름을 가린 채 보여줍니다.</p>'],
    ],
    popups: [
      ['환영합니다', '<p>가입해 주셔서 감사합니다. 즐겨찾기와 최근 게임은 모든 기기에서 이어집니다.</p>'],
      ['한도를 설정하세요', '<p>한도를 낮추면 즉시, 높이면 24시간 후에 적용됩니다.</p>'],
    ],
    promotions: ['첫 입금 환영 보너스', '주말 리로드', '일일 미션', '친구 초대'],
    terms: '참여하기 전에 고객센터에서 전체 약관을 확인하세요.',
  },
  TH: {
    notices: [
      [
        'ยินดีต้อนรับสู่เว็บไซต์สาธิต Playhouse',
        '<p>เลือกดูเกมกว่า 600 เกมจากผู้ให้บริการกว่า 20 ราย บันทึกเกมโปรด และหาเกมล่าสุดได้ในเมนู</p>',
      ],
      [
        'เล่นอย่างรับผิดชอบ',
        '<p>ตั้งวงเงินฝาก ขาดทุน และเดิมพัน รวมถึงการเตือนเวลา พักหรือกันตัวเองได้ทุกเมื่อที่ <b>การพนันอย่างรับผิดชอบ</b> ในศูนย์สมาชิก</p>',
      ],
      ['ประกาศปิดปรับปรุงตามกำหนด', '<p>ช่วงปิดปรับปรุงจะประกาศที่นี่ล่วงหน้าอย่างน้อย 24 ชั่วโมง</p>'],
      ['เกมออริจินัลของ Playhouse', '<p>เกมของเราใช้ผลที่ยุติธรรมและพิสูจน์ได้ ตรวจสอบรอบใดก็ได้ที่หน้าความยุติธรรม</p>'],
      ['เล่นมากที่สุดสัปดาห์นี้', '<p>ดูว่าผู้เล่นคนอื่นเปิดเกมใดมากที่สุดได้ที่หน้าแรก</p>'],
      ['กระดานผู้ชนะ', '<p>กระดานผู้ชนะแสดงยอดชนะใหญ่จริงใน 7 วันที่ผ่านมา โดยปิดบังชื่อ</p>'],
    ],
    popups: [
      ['ยินดีต้อนรับ', '<p>ขอบคุณที่เข้าร่วม เกมโปรดและเกมล่าสุดของคุณติดตามไปทุกอุปกรณ์</p>'],
      ['ตั้งขีดจำกัดของคุณ', '<p>การลดขีดจำกัดมีผลทันที และการเพิ่มมีผลหลัง 24 ชั่วโมง</p>'],
    ],
    promotions: ['โบนัสต้อนรับฝากครั้งแรก', 'รีโหลดวันหยุด', 'ภารกิจประจำวัน', 'ชวนเพื่อน'],
    terms: 'สอบถามเงื่อนไขฉบับเต็มจากฝ่ายบริการลูกค้าก่อนเข้าร่วม',
  },
  VI: {
    notices: [
      [
        'Chào mừng đến trang demo Playhouse',
        '<p>Khám phá hơn 600 trò chơi từ hơn 20 nhà cung cấp, lưu mục yêu thích và tìm trò chơi gần đây trong menu.</p>',
      ],
      [
        'Chơi có trách nhiệm',
        '<p>Đặt giới hạn nạp, thua và cược cùng nhắc nhở thời gian, tạm nghỉ hoặc tự loại trừ bất cứ lúc nào tại <b>Chơi có trách nhiệm</b> trong trung tâm thành viên.</p>',
      ],
      ['Thông báo bảo trì định kỳ', '<p>Lịch bảo trì được thông báo tại đây trước ít nhất 24 giờ.</p>'],
      [
        'Trò chơi Original của Playhouse',
        '<p>Trò chơi của chúng tôi dùng kết quả công bằng có thể kiểm chứng: kiểm tra bất kỳ ván nào ở trang công bằng.</p>',
      ],
      ['Chơi nhiều nhất tuần này', '<p>Xem người chơi khác mở trò nào nhiều nhất ngay trên trang chủ.</p>'],
      [
        'Bảng người thắng',
        '<p>Bảng người thắng hiển thị các lần thắng lớn thật trong 7 ngày qua, tên được che.</p>',
      ],
    ],
    popups: [
      [
        'Chào mừng bạn',
        '<p>Cảm ơn bạn đã tham gia. Mục yêu thích và trò chơi gần đây theo bạn trên mọi thiết bị.</p>',
      ],
      ['Đặt giới hạn của bạn', '<p>Giới hạn áp dụng ngay khi bạn giảm và sau 24 giờ khi bạn tăng.</p>'],
    ],
    promotions: ['Chào mừng nạp lần đầu', 'Nạp lại cuối tuần', 'Nhiệm vụ hằng ngày', 'Mời bạn bè'],
    terms: 'Hãy hỏi bộ phận chăm sóc khách hàng về điều khoản đầy đủ trước khi tham gia.',
  },
  ID: {
    notices: [
      [
        'Selamat datang di situs demo Playhouse',
        '<p>Jelajahi lebih dari 600 game dari 20+ penyedia, simpan favorit, dan temukan game terbaru Anda di menu.</p>',
      ],
      [
        'Bermain secara bertanggung jawab',
        '<p>Atur batas deposit, kekalahan, dan taruhan serta pengingat, ambil jeda, atau kecualikan diri kapan saja di <b>Perjudian yang bertanggung jawab</b> pada pusat anggota.</p>',
      ],
      [
        'Pemberitahuan pemeliharaan terjadwal',
        '<p>Jadwal pemeliharaan diumumkan di sini paling lambat 24 jam sebelumnya.</p>',
      ],
      [
        'Playhouse Originals',
        '<p>Game kami memakai hasil yang adil dan dapat dibuktikan: periksa ronde mana pun di halaman keadilan.</p>',
      ],
      [
        'Paling banyak dimainkan minggu ini',
        '<p>Lihat game yang paling sering dibuka pemain lain di beranda.</p>',
      ],
      [
        'Papan pemenang',
        '<p>Papan pemenang menampilkan kemenangan besar asli 7 hari terakhir, dengan nama disamarkan.</p>',
      ],
    ],
    popups: [
      [
        'Selamat bergabung',
        '<p>Terima kasih telah bergabung. Favorit dan game terbaru Anda ikut di setiap perangkat.</p>',
      ],
      ['Atur batas Anda', '<p>Batas berlaku seketika saat diturunkan dan setelah 24 jam saat dinaikkan.</p>'],
    ],
    promotions: ['Sambutan deposit pertama', 'Reload akhir pekan', 'Misi harian', 'Ajak teman'],
    terms: 'Tanyakan syarat lengkap ke layanan pelanggan sebelum ikut serta.',
  },
  MS: {
    notices: [
      [
        'Selamat datang ke laman demo Playhouse',
        '<p>Layari lebih 600 permainan daripada lebih 20 pembekal, simpan kegemaran dan cari permainan terkini anda dalam menu.</p>',
      ],
      [
        'Bermain secara bertanggungjawab',
        '<p>Tetapkan had deposit, kerugian dan pertaruhan serta peringatan, berehat atau kecualikan diri bila-bila masa di <b>Perjudian bertanggungjawab</b> dalam pusat ahli.</p>',
      ],
      [
        'Notis penyelenggaraan berjadual',
        '<p>Waktu penyelenggaraan diumumkan di sini sekurang-kurangnya 24 jam lebih awal.</p>',
      ],
      [
        'Playhouse Originals',
        '<p>Permainan kami menggunakan keputusan adil yang boleh dibuktikan: semak mana-mana pusingan di halaman keadilan.</p>',
      ],
      [
        'Paling banyak dimainkan minggu ini',
        '<p>Lihat permainan yang paling kerap dibuka pemain lain di halaman utama.</p>',
      ],
      [
        'Papan pemenang',
        '<p>Papan pemenang menyenaraikan kemenangan besar sebenar 7 hari lalu, dengan nama disembunyikan.</p>',
      ],
    ],
    popups: [
      [
        'Selamat datang',
        '<p>Terima kasih kerana menyertai. Kegemaran dan permainan terkini anda mengikut di setiap peranti.</p>',
      ],
      [
        'Tetapkan had anda',
        '<p>Had berkuat kuasa serta-merta apabila diturunkan dan selepas 24 jam apabila dinaikkan.</p>',
      ],
    ],
    promotions: ['Sambutan deposit pertama', 'Tambah nilai hujung minggu', 'Misi harian', 'Jemput rakan'],
    terms: 'Tanya khidmat pelanggan tentang terma penuh sebelum menyertai.',
  },
  HI: {
    notices: [
      [
        'Playhouse डेमो साइट पर आपका स्वागत है',
        '<p>20 से अधिक प्रदाताओं के 600 से ज़्यादा गेम देखें, पसंदीदा सहेजें और हाल के गेम मेनू में पाएँ।</p>',
      ],
      [
        'ज़िम्मेदारी से खेलें',
        '<p>सदस्य केंद्र के <b>ज़िम्मेदार जुआ</b> में कभी भी जमा, हानि और दांव की सीमाएँ व रियलिटी चेक तय करें, ब्रेक लें या स्व-बहिष्करण करें।</p>',
      ],
      ['निर्धारित रखरखाव सूचना', '<p>रखरखाव का समय यहाँ कम से कम 24 घंटे पहले बताया जाता है।</p>'],
      [
        'Playhouse ओरिजिनल्स',
        '<p>हमारे अपने गेम सत्यापन योग्य निष्पक्ष परिणामों का उपयोग करते हैं: कोई भी राउंड निष्पक्षता पेज पर जाँचें।</p>',
      ],
      ['इस सप्ताह सबसे ज़्यादा खेले गए', '<p>होम पेज पर देखें कि दूसरे खिलाड़ी सबसे ज़्यादा क्या खोलते हैं।</p>'],
      ['विजेता बोर्ड', '<p>विजेता बोर्ड पिछले 7 दिनों की असली बड़ी जीत दिखाता है, नाम छिपाकर।</p>'],
    ],
    popups: [
      ['स्वागत है', '<p>जुड़ने के लिए धन्यवाद। आपके पसंदीदा और हाल के गेम हर डिवाइस पर साथ रहते हैं।</p>'],
      ['अपनी सीमाएँ तय करें', '<p>सीमा घटाने पर तुरंत और बढ़ाने पर 24 घंटे बाद लागू होती है।</p>'],
    ],
    promotions: ['पहली जमा पर स्वागत', 'वीकेंड रीलोड', 'दैनिक मिशन', 'दोस्त को बुलाएँ'],
    terms: 'भाग लेने से पहले पूरी शर्तें ग्राहक सेवा से पूछें।',
  },
  AR: {
    notices: [
      [
        'مرحبًا بك في موقع Playhouse التجريبي',
        '<p>تصفّح أكثر من 600 لعبة من أكثر من 20 مزوّدًا، واحفظ المفضلة، وستجد ألعابك الأخيرة في القائمة.</p>',
      ],
      [
        'العب بمسؤولية',
        '<p>ضع حدودًا للإيداع والخسارة والرهان وتذكيرات الوقت، أو خذ استراحة أو استبعد نفسك في أي وقت من <b>المقامرة المسؤولة</b> في مركز الأعضاء.</p>',
      ],
      ['إشعار صيانة مجدولة', '<p>يُعلن عن مواعيد الصيانة هنا قبل 24 ساعة على الأقل.</p>'],
      [
        'ألعاب Playhouse الأصلية',
        '<p>تعتمد ألعابنا على نتائج عادلة قابلة للتحقق: تحقق من أي جولة في صفحة النزاهة.</p>',
      ],
      [
        'الأكثر لعبًا هذا الأسبوع',
        '<p>شاهد في الصفحة الرئيسية الألعاب التي يفتحها اللاعبون الآخرون أكثر.</p>',
      ],
      ['لوحة الفائزين', '<p>تعرض لوحة الفائزين المكاسب الكبيرة الحقيقية في آخر 7 أيام مع إخفاء الأسماء.</p>'],
    ],
    popups: [
      ['أهلًا بك', '<p>شكرًا لانضمامك. ترافقك ألعابك المفضلة والأخيرة على كل جهاز.</p>'],
      ['ضع حدودك', '<p>تسري الحدود فور خفضها، وبعد 24 ساعة عند رفعها.</p>'],
    ],
    promotions: ['ترحيب بالإيداع الأول', 'إعادة شحن نهاية الأسبوع', 'مهام يومية', 'ادعُ صديقًا'],
    terms: 'اسأل خدمة العملاء عن الشروط الكاملة قبل المشاركة.',
  },
  FA: {
    notices: [
      [
        'به سایت نمایشی Playhouse خوش آمدید',
        '<p>بیش از ۶۰۰ بازی از بیش از ۲۰ ارائه‌دهنده را ببینید، علاقه‌مندی‌ها را ذخیره کنید و بازی‌های اخیر را در منو بیابید.</p>',
      ],
      [
        'مسئولانه بازی کنید',
        '<p>هر زمان در <b>قمار مسئولانه</b> در مرکز اعضا برای واریز، باخت و شرط سقف و یادآور تعیین کنید، استراحت کنید یا خود را محروم کنید.</p>',
      ],
      ['اطلاعیهٔ تعمیرات برنامه‌ریزی‌شده', '<p>زمان تعمیرات دست‌کم ۲۴ ساعت پیش‌تر اینجا اعلام می‌شود.</p>'],
      [
        'بازی‌های اختصاصی Playhouse',
        '<p>بازی‌های ما از نتایج منصفانهٔ قابل‌اثبات استفاده می‌کنند: هر دور را در صفحهٔ انصاف بررسی کنید.</p>',
      ],
      [
        'پرطرفدارترین‌های این هفته',
        '<p>ببینید بازیکنان دیگر بیشتر چه بازی‌هایی را در صفحهٔ اصلی باز می‌کنند.</p>',
      ],
      [
        'تابلوی برندگان',
        '<p>تابلوی برندگان بردهای بزرگ واقعی ۷ روز اخیر را با نام‌های پوشیده نشان می‌دهد.</p>',
      ],
    ],
    popups: [
      [
        'خوش آمدید',
        '<p>از پیوستن شما سپاسگزاریم. علاقه‌مندی‌ها و بازی‌های اخیر شما در هر دستگاهی همراهتان است.</p>',
      ],
      ['سقف‌های خود را تعیین کنید', '<p>کاهش سقف فوراً و افزایش آن پس از ۲۴ ساعت اعمال می‌شود.</p>'],
    ],
    promotions: ['خوشامد اولین واریز', 'شارژ آخر هفته', 'مأموریت‌های روزانه', 'دعوت از دوستان'],
    terms: 'پیش از شرکت، شرایط کامل را از پشتیبانی بپرسید.',
  },
  UR: {
    notices: [
      [
        'Playhouse ڈیمو سائٹ میں خوش آمدید',
        '<p>20 سے زیادہ فراہم کنندگان کے 600 سے زیادہ گیمز دیکھیں، پسندیدہ محفوظ کریں اور حالیہ گیمز مینو میں پائیں۔</p>',
      ],
      [
        'ذمہ داری سے کھیلیں',
        '<p>ممبر سینٹر میں <b>ذمہ دارانہ جوا</b> سے کسی بھی وقت جمع، نقصان اور شرط کی حدیں اور یاددہانیاں مقرر کریں، وقفہ لیں یا خود کو خارج کریں۔</p>',
      ],
      ['طے شدہ مرمت کا اعلان', '<p>مرمت کے اوقات کا اعلان یہاں کم از کم 24 گھنٹے پہلے کیا جاتا ہے۔</p>'],
      [
        'Playhouse اوریجنلز',
        '<p>ہمارے اپنے گیمز قابلِ تصدیق منصفانہ نتائج استعمال کرتے ہیں: کوئی بھی راؤنڈ انصاف کے صفحے پر جانچیں۔</p>',
      ],
      [
        'اس ہفتے سب سے زیادہ کھیلے گئے',
        '<p>ہوم پیج پر دیکھیں کہ دوسرے کھلاڑی سب سے زیادہ کیا کھولتے ہیں۔</p>',
      ],
      ['فاتحین بورڈ', '<p>فاتحین بورڈ پچھلے 7 دنوں کی حقیقی بڑی جیت نام چھپا کر دکھاتا ہے۔</p>'],
    ],
    popups: [
      ['خوش آمدید', '<p>شامل ہونے کا شکریہ۔ آپ کے پسندیدہ اور حالیہ گیمز ہر ڈیوائس پر ساتھ رہتے ہیں۔</p>'],
      ['اپنی حدیں مقرر کریں', '<p>حد کم کرنے پر فوراً اور بڑھانے پر 24 گھنٹے بعد لاگو ہوتی ہے۔</p>'],
    ],
    promotions: ['پہلی جمع پر خوش آمدید', 'ویک اینڈ ری لوڈ', 'روزانہ مشن', 'دوست کو مدعو کریں'],
    terms: 'حصہ لینے سے پہلے مکمل شرائط کسٹمر سروس سے پوچھیں۔',
  },
  'PT-BR': {
    notices: [
      [
        'Boas-vindas ao site de demonstração da Playhouse',
        '<p>Navegue por mais de 600 jogos de mais de 20 provedores, salve favoritos e encontre seus jogos recentes no menu.</p>',
      ],
      [
        'Jogue com responsabilidade',
        '<p>Defina limites de depósito, perda e aposta e lembretes, faça uma pausa ou se autoexclua a qualquer momento em <b>Jogo responsável</b> na central do membro.</p>',
      ],
      [
        'Aviso de manutenção programada',
        '<p>As janelas de manutenção são anunciadas aqui com pelo menos 24 horas de antecedência.</p>',
      ],
      [
        'Originais Playhouse',
        '<p>Nossos jogos usam resultados comprovadamente justos: confira qualquer rodada na página de justiça.</p>',
      ],
      ['Mais jogados da semana', '<p>Veja na página inicial o que os outros jogadores mais abrem.</p>'],
      [
        'Quadro de vencedores',
        '<p>O quadro mostra grandes prêmios reais dos últimos 7 dias, com nomes ocultos.</p>',
      ],
    ],
    popups: [
      [
        'Boas-vindas',
        '<p>Obrigado por se cadastrar. Seus favoritos e jogos recentes acompanham você em todos os dispositivos.</p>',
      ],
      [
        'Defina seus limites',
        '<p>Os limites valem na hora quando você os reduz e após 24 horas quando os aumenta.</p>',
      ],
    ],
    promotions: [
      'Boas-vindas no primeiro depósito',
      'Recarga de fim de semana',
      'Missões diárias',
      'Indique um amigo',
    ],
    terms: 'Pergunte ao atendimento os termos completos antes de participar.',
  },
  ES: {
    notices: [
      [
        'Te damos la bienvenida al sitio de demostración de Playhouse',
        '<p>Explora más de 600 juegos de más de 20 proveedores, guarda favoritos y encuentra tus juegos recientes en el menú.</p>',
      ],
      [
        'Juega con responsabilidad',
        '<p>Fija límites de depósito, pérdida y apuesta y recordatorios, tómate una pausa o autoexclúyete cuando quieras en <b>Juego responsable</b>, en el centro de miembros.</p>',
      ],
      [
        'Aviso de mantenimiento programado',
        '<p>Los mantenimientos se anuncian aquí con al menos 24 horas de antelación.</p>',
      ],
      [
        'Originales de Playhouse',
        '<p>Nuestros juegos usan resultados demostrablemente justos: comprueba cualquier ronda en la página de juego justo.</p>',
      ],
      ['Lo más jugado esta semana', '<p>Mira en la portada lo que más abren otros jugadores.</p>'],
      [
        'Panel de ganadores',
        '<p>El panel muestra premios grandes reales de los últimos 7 días, con los nombres ocultos.</p>',
      ],
    ],
    popups: [
      [
        'Te damos la bienvenida',
        '<p>Gracias por unirte. Tus favoritos y juegos recientes te acompañan en cada dispositivo.</p>',
      ],
      [
        'Fija tus límites',
        '<p>Los límites se aplican al momento cuando los bajas y a las 24 horas cuando los subes.</p>',
      ],
    ],
    promotions: [
      'Bienvenida al primer depósito',
      'Recarga de fin de semana',
      'Misiones diarias',
      'Invita a un amigo',
    ],
    terms: 'Pregunta a atención al cliente por las condiciones completas antes de participar.',
  },
  RU: {
    notices: [
      [
        'Добро пожаловать на демо-сайт Playhouse',
        '<p>Более 600 игр от 20+ провайдеров: сохраняйте избранное и находите недавние игры в меню.</p>',
      ],
      [
        'Играйте ответственно',
        '<p>Устанавливайте лимиты депозитов, проигрышей и ставок и напоминания, делайте перерыв или самоисключайтесь в любое время в разделе <b>Ответственная игра</b> центра участника.</p>',
      ],
      ['Уведомление о плановых работах', '<p>Плановые работы объявляются здесь не менее чем за 24 часа.</p>'],
      [
        'Оригинальные игры Playhouse',
        '<p>Наши игры используют доказуемо честные результаты: проверьте любой раунд на странице честности.</p>',
      ],
      ['Самое популярное за неделю', '<p>Смотрите на главной, что чаще всего открывают другие игроки.</p>'],
      [
        'Доска победителей',
        '<p>Доска показывает настоящие крупные выигрыши за последние 7 дней, имена скрыты.</p>',
      ],
    ],
    popups: [
      [
        'Добро пожаловать',
        '<p>Спасибо, что вы с нами. Избранное и недавние игры доступны на любом устройстве.</p>',
      ],
      ['Установите лимиты', '<p>Сниженный лимит действует сразу, повышенный — через 24 часа.</p>'],
    ],
    promotions: [
      'Приветствие за первый депозит',
      'Пополнение выходного дня',
      'Ежедневные задания',
      'Пригласите друга',
    ],
    terms: 'Перед участием узнайте полные условия у службы поддержки.',
  },
  TR: {
    notices: [
      [
        'Playhouse demo sitesine hoş geldiniz',
        '<p>20’den fazla sağlayıcıdan 600’ü aşkın oyuna göz atın, favorilerinizi kaydedin ve son oyunlarınızı menüde bulun.</p>',
      ],
      [
        'Sorumlu oynayın',
        '<p>Üye merkezindeki <b>Sorumlu oyun</b> bölümünden istediğiniz zaman para yatırma, kayıp ve bahis limitleri ile hatırlatıcılar belirleyin, ara verin veya kendinizi dışlayın.</p>',
      ],
      ['Planlı bakım duyurusu', '<p>Bakım zamanları burada en az 24 saat önceden duyurulur.</p>'],
      [
        'Playhouse Orijinalleri',
        '<p>Kendi oyunlarımız kanıtlanabilir adil sonuçlar kullanır: herhangi bir turu adillik sayfasında kontrol edin.</p>',
      ],
      [
        'Bu haftanın en çok oynananları',
        '<p>Diğer oyuncuların en çok açtığı oyunları ana sayfada görün.</p>',
      ],
      [
        'Kazananlar panosu',
        '<p>Pano, son 7 günün gerçek büyük kazançlarını isimleri gizleyerek gösterir.</p>',
      ],
    ],
    popups: [
      [
        'Hoş geldiniz',
        '<p>Katıldığınız için teşekkürler. Favorileriniz ve son oyunlarınız her cihazda sizinle.</p>',
      ],
      [
        'Limitlerinizi belirleyin',
        '<p>Limitler düşürüldüğünde hemen, yükseltildiğinde 24 saat sonra geçerli olur.</p>',
      ],
    ],
    promotions: [
      'İlk yatırım hoş geldin',
      'Hafta sonu yeniden yükleme',
      'Günlük görevler',
      'Arkadaşını davet et',
    ],
    terms: 'Katılmadan önce tüm koşulları müşteri hizmetlerine sorun.',
  },
  FR: {
    notices: [
      [
        'Bienvenue sur le site de démonstration Playhouse',
        '<p>Parcourez plus de 600 jeux de plus de 20 fournisseurs, enregistrez vos favoris et retrouvez vos jeux récents dans le menu.</p>',
      ],
      [
        'Jouez de façon responsable',
        '<p>Fixez des limites de dépôt, de perte et de mise et des rappels, faites une pause ou excluez-vous à tout moment dans <b>Jeu responsable</b>, au centre membre.</p>',
      ],
      ['Maintenance programmée', '<p>Les maintenances sont annoncées ici au moins 24 heures à l’avance.</p>'],
      [
        'Les Originaux Playhouse',
        '<p>Nos jeux utilisent des résultats équitables et vérifiables : contrôlez n’importe quelle partie sur la page d’équité.</p>',
      ],
      [
        'Les plus joués cette semaine',
        '<p>Voyez sur l’accueil ce que les autres joueurs ouvrent le plus.</p>',
      ],
      [
        'Tableau des gagnants',
        '<p>Le tableau affiche les vrais gros gains des 7 derniers jours, noms masqués.</p>',
      ],
    ],
    popups: [
      [
        'Bienvenue',
        '<p>Merci de nous avoir rejoints. Vos favoris et jeux récents vous suivent sur chaque appareil.</p>',
      ],
      [
        'Fixez vos limites',
        '<p>Une limite baissée s’applique tout de suite, une limite relevée après 24 heures.</p>',
      ],
    ],
    promotions: [
      'Bienvenue au premier dépôt',
      'Recharge du week-end',
      'Missions quotidiennes',
      'Parrainez un ami',
    ],
    terms: 'Demandez les conditions complètes au service client avant de participer.',
  },
};

/** The demo text in `language`, or English when it has none. */
export function demoText(language: string): DemoText {
  return DEMO_TEXT[language] ?? DEMO_TEXT.EN!;
}
